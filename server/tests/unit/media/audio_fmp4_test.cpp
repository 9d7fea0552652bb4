// Audio cameras (issue 17 item 11): the AAC track from ingest through the fragmenter into two-track fMP4 that our
// reader and libavformat read back, and no change for cameras without audio.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "media/bitstream.hpp"
#include "media/fmp4_reader.hpp"
#include "media/fmp4_writer.hpp"
#include "media/fragmenter.hpp"
#include "media_test_support.hpp"

namespace argus::media {
namespace {

// AudioSpecificConfig of AAC-LC (object type 2), 16 kHz (index 8), mono: 00010 1000 0001 000.
const std::vector<std::uint8_t> k_aac_lc_16k_mono{0x14, 0x08};

StreamInfo h264_info_with_audio() {
  std::vector<std::uint8_t> annex_b{0, 0, 0, 1, 0x67, 0x64, 0x00, 0x1f, 0xac, 0xd9, 0, 0, 0, 1, 0x68, 0xeb, 0xe3, 0xcb};
  StreamInfo info{VideoCodec::h264, 640, 360, avcc_from_annex_b(annex_b)};
  info.audio = AudioTrack{16000, 1, k_aac_lc_16k_mono};
  return info;
}

std::size_t count(const std::vector<std::uint8_t>& bytes, std::string_view needle) {
  std::string text(bytes.begin(), bytes.end());
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

TEST(AudioTrack, CodecStringNamesTheObjectTypeOfTheConfig) {
  EXPECT_EQ((AudioTrack{16000, 1, k_aac_lc_16k_mono}.codec_string()), "mp4a.40.2");
  EXPECT_EQ((AudioTrack{48000, 2, {0x11, 0x90}}.codec_string()), "mp4a.40.2");
  EXPECT_EQ((AudioTrack{24000, 1, {0x2b, 0x08}}.codec_string()), "mp4a.40.5"); // HE-AAC (SBR)
  auto info = h264_info_with_audio();
  EXPECT_EQ(info.codec_string(), "avc1.64001f,mp4a.40.2");
  EXPECT_EQ(info.video_codec_string(), "avc1.64001f");
  info.audio.reset();
  EXPECT_EQ(info.codec_string(), "avc1.64001f");
}

TEST(Fmp4Writer, InitSegmentWithAudioHasAVideoTrackThenAnMp4aTrackWithTheConfigInItsEsds) {
  auto info = h264_info_with_audio();
  auto init = build_init_segment(info);
  EXPECT_EQ(count(init, "trak"), 2u);
  EXPECT_EQ(count(init, "trex"), 2u);
  EXPECT_EQ(count(init, "avc1"), 2u); // ftyp's compatible brand and the sample entry
  for (auto type : {"avcC", "mp4a", "esds", "soun", "smhd", "vide", "vmhd"})
    EXPECT_EQ(count(init, type), 1u) << type;
  std::string text(init.begin(), init.end());
  EXPECT_LT(text.find("vide"), text.find("soun")); // video is track 1
  // DecoderSpecificInfo (tag 5, length 2) carries the AudioSpecificConfig unchanged.
  std::string specific_info{'\x05', '\x02', '\x14', '\x08'};
  EXPECT_NE(text.find(specific_info), std::string::npos);

  // Without audio: one track, nothing of the above.
  info.audio.reset();
  auto video_only = build_init_segment(info);
  EXPECT_EQ(count(video_only, "trak"), 1u);
  EXPECT_EQ(count(video_only, "mp4a"), 0u);
  EXPECT_LT(video_only.size(), init.size());
}

TEST(Fmp4Writer, TwoTrackFragmentReadsBackAsItsVideoWithTheAudioRunBesideIt) {
  std::vector<std::vector<std::uint8_t>> video{{0, 0, 0, 2, 0x65, 1}, {0, 0, 0, 3, 0x41, 2, 3}};
  std::vector<std::vector<std::uint8_t>> audio{{0x21, 0x10, 0x05}, {0x21, 0x10}, {0x21, 0x10, 0x07, 0x08}};
  const std::int64_t dts = 1'700'000'000'000ll * 90;
  std::vector<FragmentSample> video_samples, audio_samples;
  for (std::size_t i = 0; i < video.size(); ++i)
    video_samples.push_back({dts + static_cast<std::int64_t>(i) * 3600, 3600, 0, i == 0, video[i]});
  for (std::size_t i = 0; i < audio.size(); ++i)
    audio_samples.push_back({dts + 900 + static_cast<std::int64_t>(i) * 5760, 5760, 0, true, audio[i]});
  std::vector<std::uint8_t> bytes;
  auto size = append_fragment(bytes, 3, video_samples, AudioFragmentSamples{16000, audio_samples});
  EXPECT_EQ(size, bytes.size());
  EXPECT_EQ(count(bytes, "traf"), 2u);

  std::uint64_t valid = 0;
  auto fragments = read_fragments(bytes, &valid);
  ASSERT_EQ(fragments.size(), 1u);
  EXPECT_EQ(valid, bytes.size());
  const auto& f = fragments[0];
  EXPECT_EQ(f.sequence, 3u);
  EXPECT_EQ(f.base_dts_90k, dts);
  EXPECT_EQ(f.duration_90k, 2 * 3600);
  EXPECT_TRUE(f.keyframe);
  EXPECT_EQ(f.sample_sizes, (std::vector<std::uint32_t>{6, 7}));
  EXPECT_TRUE(std::equal(video[0].begin(), video[0].end(), bytes.begin() + f.data_offset));
  ASSERT_EQ(f.other_tracks.size(), 1u);
  const auto& run = f.other_tracks[0];
  EXPECT_EQ(run.track_id, k_audio_track_id);
  EXPECT_EQ(run.base_dts, (dts + 900) / 90000 * 16000 + ((dts + 900) % 90000) * 16000 / 90000);
  EXPECT_EQ(run.sample_durations, (std::vector<std::uint32_t>{1024, 1024, 1024}));
  EXPECT_EQ(run.sample_sizes, (std::vector<std::uint32_t>{3, 2, 4}));
  EXPECT_EQ(run.data_offset, f.data_offset + 13); // after the video's bytes
  EXPECT_TRUE(std::equal(audio[2].begin(), audio[2].end(), bytes.begin() + run.data_offset + 5));

  // The same samples without audio give exactly the single-track fragment.
  std::vector<std::uint8_t> single, with_no_audio;
  append_fragment(single, 3, video_samples);
  append_fragment(with_no_audio, 3, video_samples, AudioFragmentSamples{16000, {}});
  EXPECT_EQ(single, with_no_audio);
  EXPECT_EQ(count(single, "traf"), 1u);
}

TEST(Fmp4Reader, AnAudioRunPointingOutsideTheMdatIsMalformed) {
  std::vector<std::uint8_t> video{0, 0, 0, 1, 0x65};
  std::vector<std::uint8_t> audio{0x21, 0x10};
  std::vector<FragmentSample> video_samples{{90000, 3600, 0, true, video}};
  std::vector<FragmentSample> audio_samples{{90000, 5760, 0, true, audio}};
  std::vector<std::uint8_t> bytes;
  append_fragment(bytes, 1, video_samples, AudioFragmentSamples{16000, audio_samples});
  ASSERT_EQ(read_fragments(bytes).size(), 1u);
  // Claim a larger audio sample than the mdat holds: the fragment is not taken.
  auto text = std::string(bytes.begin(), bytes.end());
  auto second_trun = text.find("trun", text.find("trun") + 4);
  ASSERT_NE(second_trun, std::string::npos);
  bytes[second_trun + 4 + 4 + 4 + 4 + 4 + 3] = 200; // trun: flags, count, data offset, duration, size (low byte)
  std::uint64_t valid = 1;
  EXPECT_TRUE(read_fragments(bytes, &valid).empty());
  EXPECT_EQ(valid, 0u);
}

class AudioClip : public ::testing::Test {
protected:
  void SetUp() override {
    path_ = testing::clip_with_audio(6);
    if (path_.empty())
      GTEST_SKIP() << "ffmpeg or opencv-doc footage missing";
  }
  std::filesystem::path path_;
};

TEST_F(AudioClip, IngestDeliversTheAacTrackOnTheVideosTimeline) {
  StreamInfo info;
  auto packets = testing::read_all_packets(path_, &info);
  ASSERT_TRUE(info.audio);
  EXPECT_EQ(info.audio->sample_rate, 16000);
  EXPECT_EQ(info.audio->channels, 1);
  EXPECT_EQ(info.audio->codec_string(), "mp4a.40.2");
  EXPECT_EQ(info.codec_string(), info.video_codec_string() + ",mp4a.40.2");
  std::vector<const EncodedPacket*> audio, video;
  for (const auto& p : packets)
    (p.track == MediaTrack::audio ? audio : video).push_back(&p);
  EXPECT_EQ(video.size(), 150u);
  EXPECT_TRUE(video.front()->keyframe);
  // 6 s at 16 kHz in 1024-sample frames: ~94 (the encoder's priming frame and the cut may add or take one).
  EXPECT_NEAR(static_cast<double>(audio.size()), 6.0 * 16000 / 1024, 2);
  for (std::size_t i = 1; i < audio.size(); ++i) {
    EXPECT_EQ(audio[i]->dts_90k, audio[i - 1]->dts_90k + audio[i - 1]->duration_90k) << i; // gapless
    if (i + 1 < audio.size()) {
      EXPECT_EQ(audio[i]->duration_90k, 5760) << i; // 1024 samples at 16 kHz; the file's cut shortens the last
    }
  }
  // Same anchor as video: the tone starts with the picture (AAC priming aside, well within a frame or two).
  EXPECT_LE(std::abs(audio.front()->dts_90k - video.front()->dts_90k), 2 * 5760);
  EXPECT_FALSE(audio.front()->data.empty());
}

TEST_F(AudioClip, AClipWithoutAudioHasNoAudioTrack) {
  StreamInfo info;
  auto packets = testing::read_all_packets(testing::clip("h264", "mp4", 6), &info);
  EXPECT_FALSE(info.audio);
  EXPECT_TRUE(std::none_of(packets.begin(), packets.end(),
                           [](const EncodedPacket& p) { return p.track == MediaTrack::audio; }));
}

// Every audio sample goes into exactly one part and into the GOP fragment that covers it; init + GOP fragments and
// init + parts are both two-track MP4 that libavformat demuxes and decodes (video and AAC) without an error.
TEST_F(AudioClip, FragmentsAndPartsCarryEachAudioSampleOnceAndDecode) {
  StreamInfo info;
  auto packets = testing::read_all_packets(path_, &info);
  ASSERT_TRUE(info.audio);
  std::uint32_t audio_pushed = 0;
  for (const auto& p : packets)
    audio_pushed += p.track == MediaTrack::audio;
  std::vector<Fragment> fragments, parts;
  Fragmenter fragmenter(
      info, FragmenterOptions{.part_target_90k = 18000}, [&](Fragment&& f) { fragments.push_back(std::move(f)); },
      [&](Fragment&& p) { parts.push_back(std::move(p)); });
  for (auto& packet : packets)
    fragmenter.push(std::move(packet));
  fragmenter.flush();

  ASSERT_EQ(fragments.size(), 3u);
  std::uint32_t video_in_fragments = 0, audio_in_fragments = 0, audio_in_parts = 0;
  for (const auto& fragment : fragments) {
    video_in_fragments += fragment.sample_count;
    audio_in_fragments += fragment.audio_sample_count;
    auto parsed = read_fragments(fragment.bytes->contiguous());
    ASSERT_EQ(parsed.size(), 1u);
    EXPECT_EQ(parsed[0].base_dts_90k, fragment.start_90k);
    EXPECT_EQ(parsed[0].duration_90k, fragment.duration_90k);
    EXPECT_EQ(parsed[0].sample_sizes.size(), fragment.sample_count);
    ASSERT_EQ(parsed[0].other_tracks.size(), fragment.audio_sample_count > 0 ? 1u : 0u);
    EXPECT_GT(fragment.audio_sample_count, 0u);
  }
  for (const auto& part : parts)
    audio_in_parts += part.audio_sample_count;
  EXPECT_EQ(video_in_fragments, 150u);
  EXPECT_EQ(audio_in_fragments, audio_in_parts);
  EXPECT_GE(audio_in_fragments + 2, audio_pushed); // at most what came after the last part stays out at the end
  EXPECT_LE(audio_in_fragments, audio_pushed);

  testing::TempDir dir;
  auto file = dir.path / "stream.mp4";
  for (const auto* pieces : {&fragments, &parts}) {
    auto bytes = fragmenter.init_segment();
    for (const auto& piece : *pieces)
      piece.bytes->append_to(bytes);
    testing::write_bytes(file, bytes);
    auto decoded = testing::decode_file(file);
    EXPECT_EQ(decoded.error, "");
    EXPECT_EQ(decoded.frames, 150);
    EXPECT_EQ(decoded.errors, 0);
    auto sound = argus::testing::decode_media_file_audio(file);
    EXPECT_EQ(sound.error, "");
    EXPECT_EQ(sound.codec, "aac");
    EXPECT_EQ(sound.profile, "LC");
    EXPECT_EQ(sound.sample_rate, 16000);
    EXPECT_EQ(sound.channels, 1);
    EXPECT_EQ(sound.packets, static_cast<int>(audio_in_fragments));
    EXPECT_EQ(sound.frames, sound.packets);
    EXPECT_EQ(sound.errors, 0);
    EXPECT_NEAR(sound.start_s, sound.video_start_s, 0.15);
    EXPECT_NEAR(sound.duration_s, audio_in_fragments * 1024.0 / 16000, 0.01);
  }
}

} // namespace
} // namespace argus::media
