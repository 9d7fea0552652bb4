// SDP parsing and track selection of the RTSP reader (media/rtsp/session_description, track_selection, rtsp_url).
#include <gtest/gtest.h>

#include "media/rtsp/rtsp_unsupported_stream.hpp"
#include "media/rtsp/rtsp_url.hpp"
#include "media/rtsp/session_description.hpp"
#include "media/rtsp/track_selection.hpp"

namespace argus::media::rtsp {
namespace {

// As gst-rtsp-server (camsim) describes an H.264 camera with AAC audio.
const char* const k_gstreamer_sdp =
    "v=0\r\n"
    "o=- 1188340656180883 1 IN IP4 127.0.0.1\r\n"
    "s=Session streamed with GStreamer\r\n"
    "i=rtsp-server\r\n"
    "t=0 0\r\n"
    "a=tool:GStreamer\r\n"
    "a=type:broadcast\r\n"
    "a=range:npt=now-\r\n"
    "a=control:rtsp://127.0.0.1:8554/cam0/main\r\n"
    "m=video 0 RTP/AVP 96\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "b=AS:2097\r\n"
    "a=rtpmap:96 H264/90000\r\n"
    "a=framerate:10\r\n"
    "a=fmtp:96 "
    "packetization-mode=1;sprop-parameter-sets=Z01AH9oBQBbsBEAAAAMAQAAADIPGDKg=,aO8PyA==;profile-level-id=4d001f;"
    "level-asymmetry-allowed=1\r\n"
    "a=control:rtsp://127.0.0.1:8554/cam0/main/stream=0\r\n"
    "a=ts-refclk:local\r\n"
    "a=mediaclk:sender\r\n"
    "m=audio 0 RTP/AVP 97\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=rtpmap:97 MPEG4-GENERIC/16000/1\r\n"
    "a=fmtp:97 streamtype=5;profile-level-id=2;mode=AAC-hbr;config=1408;sizelength=13;indexlength=3;"
    "indexdeltalength=3\r\n"
    "a=control:rtsp://127.0.0.1:8554/cam0/main/stream=1\r\n";

// As many IP cameras (live555-based) describe themselves: LF only, relative controls, session-level '*'.
const char* const k_camera_sdp = "v=0\n"
                                 "o=- 1 1 IN IP4 192.168.1.10\n"
                                 "s=Media Presentation\n"
                                 "a=control:*\n"
                                 "m=video 0 RTP/AVP 96\n"
                                 "a=control:trackID=1\n"
                                 "a=rtpmap:96 H265/90000\n"
                                 "a=fmtp:96 sprop-vps=QAEMAf//AWAAAAMAkAAAAwAAAwBdlZgJ; sprop-sps=; sprop-pps=\n"
                                 "m=audio 0 RTP/AVP 0\n"
                                 "a=control:trackID=2\n"
                                 "m=application 0 RTP/AVP 107\n"
                                 "a=rtpmap:107 vnd.onvif.metadata/90000\n"
                                 "a=control:trackID=3\n";

TEST(RtspSdp, ParsesMediaRtpmapFmtpAndControls) {
  auto sdp = parse_sdp(k_gstreamer_sdp);
  EXPECT_EQ(sdp.control, "rtsp://127.0.0.1:8554/cam0/main");
  ASSERT_EQ(sdp.media.size(), 2u);
  const auto& video = sdp.media[0];
  EXPECT_EQ(video.type, "video");
  EXPECT_EQ(video.payload_type, 96);
  EXPECT_EQ(video.encoding, "H264");
  EXPECT_EQ(video.clock_rate, 90000);
  EXPECT_EQ(video.parameter("packetization-mode"), "1");
  EXPECT_EQ(video.parameter("sprop-parameter-sets"), "Z01AH9oBQBbsBEAAAAMAQAAADIPGDKg=,aO8PyA==");
  EXPECT_EQ(video.control, "rtsp://127.0.0.1:8554/cam0/main/stream=0");
  const auto& audio = sdp.media[1];
  EXPECT_EQ(audio.encoding, "MPEG4-GENERIC");
  EXPECT_EQ(audio.clock_rate, 16000);
  EXPECT_EQ(audio.channels, 1);
  EXPECT_EQ(audio.parameter("config"), "1408");
  EXPECT_EQ(audio.parameter("sizelength"), "13");
  EXPECT_FALSE(audio.parameter("ctsdeltalength"));
}

TEST(RtspSdp, StaticPayloadTypesMissingFieldsAndGarbageLines) {
  auto sdp = parse_sdp(std::string(k_camera_sdp) + "garbage\nx\n=\nm=\na=rtpmap:zz\na=fmtp:107\n");
  ASSERT_EQ(sdp.media.size(), 4u);
  EXPECT_EQ(sdp.control, "*");
  EXPECT_EQ(sdp.media[1].encoding, "PCMU"); // payload type 0 without rtpmap
  EXPECT_EQ(sdp.media[1].clock_rate, 8000);
  EXPECT_EQ(sdp.media[0].parameter("sprop-sps"), "");
  EXPECT_EQ(sdp.media[3].type, "");
  EXPECT_EQ(sdp.media[3].payload_type, -1);
  EXPECT_TRUE(parse_sdp("").media.empty());
}

TEST(RtspSdp, ResolvesRelativeAbsoluteAndStarControls) {
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/live", "trackID=1"), "rtsp://cam/live/trackID=1");
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/live/", "trackID=1"), "rtsp://cam/live/trackID=1");
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/live", "*"), "rtsp://cam/live");
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/live", ""), "rtsp://cam/live");
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/live", "rtsp://other:554/x"), "rtsp://other:554/x");
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam:8554/live/main", "/media/video1"), "rtsp://cam:8554/media/video1");
  // Dahua-style Content-Base with a query: appended after it.
  EXPECT_EQ(resolve_rtsp_reference("rtsp://cam/cam/realmonitor?channel=1&subtype=0/", "trackID=0"),
            "rtsp://cam/cam/realmonitor?channel=1&subtype=0/trackID=0");
}

TEST(RtspSdp, SelectsTheH264VideoAndTheAacAudio) {
  auto tracks = select_tracks(parse_sdp(k_gstreamer_sdp), "rtsp://127.0.0.1:8554/cam0/main/");
  EXPECT_EQ(tracks.video.codec, VideoCodec::h264);
  EXPECT_EQ(tracks.video.payload_type, 96);
  EXPECT_EQ(tracks.video.control_url, "rtsp://127.0.0.1:8554/cam0/main/stream=0");
  ASSERT_FALSE(tracks.video.config.empty());
  EXPECT_EQ(tracks.video.config[0], 1); // avcC
  ASSERT_TRUE(tracks.video.sps);
  EXPECT_EQ(tracks.video.sps->width, 1280);
  EXPECT_EQ(tracks.video.sps->height, 720);
  ASSERT_TRUE(tracks.audio);
  EXPECT_EQ(tracks.audio->track.sample_rate, 16000);
  EXPECT_EQ(tracks.audio->track.channels, 1);
  EXPECT_EQ(tracks.audio->track.audio_specific_config, (std::vector<std::uint8_t>{0x14, 0x08}));
  EXPECT_EQ(tracks.audio->config.size_length, 13);
  EXPECT_EQ(tracks.audio->config.index_length, 3);
  EXPECT_EQ(tracks.audio->control_url, "rtsp://127.0.0.1:8554/cam0/main/stream=1");
  EXPECT_TRUE(tracks.ignored_audio.empty());
}

TEST(RtspSdp, RelativeControlsUseTheBaseAndUnusableParameterSetsAreLeftToTheStream) {
  auto tracks = select_tracks(parse_sdp(k_camera_sdp), "rtsp://192.168.1.10/Streaming/Channels/101/");
  EXPECT_EQ(tracks.video.codec, VideoCodec::h265);
  EXPECT_EQ(tracks.video.control_url, "rtsp://192.168.1.10/Streaming/Channels/101/trackID=1");
  EXPECT_TRUE(tracks.video.config.empty()); // no SPS/PPS: from the first keyframe
  EXPECT_FALSE(tracks.video.sps);
  EXPECT_FALSE(tracks.audio);
  EXPECT_EQ(tracks.ignored_audio, "PCMU");
}

TEST(RtspSdp, LatmAudioIsNotRecordedAndVideoStillIs) {
  auto sdp = parse_sdp("m=video 0 RTP/AVP 96\na=rtpmap:96 H264/90000\n"
                       "m=audio 0 RTP/AVP 98\na=rtpmap:98 MP4A-LATM/16000/1\na=fmtp:98 config=400028103fc0\n");
  auto tracks = select_tracks(sdp, "rtsp://cam/x");
  EXPECT_FALSE(tracks.audio);
  EXPECT_EQ(tracks.ignored_audio, "MP4A-LATM");
  EXPECT_EQ(tracks.video.control_url, "rtsp://cam/x");
}

TEST(RtspSdp, NoSupportedVideoIsUnsupportedVideo) {
  for (const char* sdp : {"m=audio 0 RTP/AVP 0\na=rtpmap:0 PCMU/8000\n", "m=video 0 RTP/AVP 26\n",
                          "m=video 0 RTP/AVP 96\na=rtpmap:96 MP4V-ES/90000\n", "", "v=0\ns=nothing\n"}) {
    try {
      select_tracks(parse_sdp(sdp), "rtsp://cam/x");
      ADD_FAILURE() << "accepted: " << sdp;
    } catch (const RtspUnsupportedStream&) {
      ADD_FAILURE() << "fallback for: " << sdp;
    } catch (const SourceFailure& e) {
      EXPECT_EQ(e.reason(), OfflineReason::unsupported_video) << sdp;
    }
  }
}

TEST(RtspSdp, StreamsThisReaderCannotRecordGoToTheFallback) {
  // x264 with B-frames: the SPS's VUI says max_num_reorder_frames 2.
  const char* b_frames = "m=video 0 RTP/AVP 96\na=rtpmap:96 H264/90000\n"
                         "a=fmtp:96 packetization-mode=1;sprop-parameter-sets=Z2QAHqzZQKAv+XARAAADAAEAAAMAMg8WLZY=,"
                         "aO+Pyw==\n";
  const char* interleaved = "m=video 0 RTP/AVP 96\na=rtpmap:96 H264/90000\na=fmtp:96 packetization-mode=2\n";
  const char* don = "m=video 0 RTP/AVP 96\na=rtpmap:96 H265/90000\na=fmtp:96 sprop-max-don-diff=2\n";
  for (const char* sdp : {b_frames, interleaved, don})
    EXPECT_THROW(select_tracks(parse_sdp(sdp), "rtsp://cam/x"), RtspUnsupportedStream) << sdp;
}

TEST(RtspSdp, Base64HexAndAudioSpecificConfig) {
  EXPECT_EQ(decode_base64("aGVsbG8="), (std::vector<std::uint8_t>{'h', 'e', 'l', 'l', 'o'}));
  EXPECT_EQ(decode_base64("aGVsbG8"), (std::vector<std::uint8_t>{'h', 'e', 'l', 'l', 'o'}));
  EXPECT_FALSE(decode_base64("a$b"));
  EXPECT_FALSE(decode_base64("a"));
  EXPECT_EQ(decode_hex("1408"), (std::vector<std::uint8_t>{0x14, 0x08}));
  EXPECT_FALSE(decode_hex("140"));
  EXPECT_FALSE(decode_hex("zz"));
  auto lc_48k_stereo = audio_track_from_config({0x11, 0x90});
  ASSERT_TRUE(lc_48k_stereo);
  EXPECT_EQ(lc_48k_stereo->sample_rate, 48000);
  EXPECT_EQ(lc_48k_stereo->channels, 2);
  EXPECT_FALSE(audio_track_from_config({0x14}));
  EXPECT_FALSE(audio_track_from_config({0x17, 0x80})); // sampling frequency index 14: reserved
}

TEST(RtspUrl, TakesApartAndPercentDecodesCredentials) {
  auto url = RtspUrl::parse("rtsp://ad%40min:p%3Ass@10.0.0.5:8554/cam/main?x=1#frag");
  ASSERT_TRUE(url);
  EXPECT_EQ(url->host, "10.0.0.5");
  EXPECT_EQ(url->port, 8554);
  EXPECT_EQ(url->path, "/cam/main?x=1");
  EXPECT_EQ(url->user, "ad@min");
  EXPECT_EQ(url->password, "p:ss");
  EXPECT_EQ(url->request_url(), "rtsp://10.0.0.5:8554/cam/main?x=1");
  auto plain = RtspUrl::parse("RTSP://[::1]/x");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->host, "::1");
  EXPECT_EQ(plain->port, 554);
  EXPECT_FALSE(plain->user);
  EXPECT_EQ(plain->request_url(), "rtsp://[::1]/x");
  EXPECT_EQ(RtspUrl::parse("rtsp://cam")->path, "/");
  EXPECT_FALSE(RtspUrl::parse("rtsps://cam/x"));
  EXPECT_FALSE(RtspUrl::parse("http://cam/x"));
  EXPECT_FALSE(RtspUrl::parse("rtsp://cam:99999/x"));
  EXPECT_FALSE(RtspUrl::parse("rtsp://:554/x"));
  EXPECT_FALSE(RtspUrl::parse("rtsp://[::1/x"));
}

} // namespace
} // namespace argus::media::rtsp
