#include "rtsp_camera_server.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <stdexcept>

#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <gst/rtp/gstrtpbuffer.h>
#include <gst/rtsp-server/rtsp-server.h>

#include "clock_feeder.hpp"
#include "clock_picture.hpp"
#include "footage_clip.hpp"
#include "footage_library.hpp"
#include "stream_feeder.hpp"

namespace argus::camsim {

struct RtspCameraServer::StreamSource {
  int index = 0; // in sources_ (the key the media and the client counts use)
  int camera_index = 0;
  int imager = 0; // 0: the camera's own streams; 1 ... k_extra_imagers on multi-imager cameras
  bool sub = false;
  const FootageClip* clip = nullptr;           // footage cameras: the stream's own size
  const FootageClip* other_size = nullptr;     // the same footage at the camera's other size (resize)
  const FootageClip* playing = nullptr;        // clip or other_size: what the feeder plays from its next keyframe
  std::unique_ptr<ClockPicture> clock_picture; // clock cameras (clip is null)
  int clock_fps = 0;
  int clock_bitrate_kbps = 0;
  bool timestamp_sei = true;
  bool audio = false; // the stream also sends AAC audio (its RTP timestamps do not follow clock jumps)
  bool hung = false; // read by the stream's feeders on the main loop
  //! Added to every RTP timestamp the payloader sends (the camera's clock jumps); read on streaming threads.
  std::atomic<std::uint32_t> rtp_offset_90k{0};

  std::string path() const {
    std::string imager_dir = imager > 0 ? "/imager" + std::to_string(imager) : "";
    return "/cam" + std::to_string(camera_index) + imager_dir + (sub ? "/sub" : "/main");
  }
};

namespace {

constexpr const char* k_role = "camera-user";
constexpr const char* k_timer_key = "camsim-timer";
constexpr const char* k_stream_key = "camsim-stream"; // StreamSource::index + 1 on every media we configured
constexpr const char* k_video_h264 = "appsrc name=src is-live=true format=time do-timestamp=false ! h264parse ! "
                                     "rtph264pay name=pay0 pt=96 config-interval=-1 aggregate-mode=zero-latency";
constexpr const char* k_video_h265 = "appsrc name=src is-live=true format=time do-timestamp=false ! h265parse ! "
                                     "rtph265pay name=pay0 pt=96 config-interval=-1 aggregate-mode=zero-latency";
// A camera microphone: a live tick tone (its timestamps are the pipeline's running time, like the video feeder's),
// AAC-LC 16 kHz mono as RFC 3640 (mpeg4-generic, the AudioSpecificConfig in the SDP's config=).
constexpr const char* k_audio_aac =
    "audiotestsrc name=tone is-live=true wave=ticks freq=880 volume=0.4 samplesperbuffer=1024 ! "
    "audio/x-raw,rate=16000,channels=1 ! voaacenc bitrate=32000 ! aacparse ! "
    "rtpmp4gpay name=pay1 pt=97";

std::string video_launch(ClipCodec codec) {
  return std::string("( ") + (codec == ClipCodec::h265 ? k_video_h265 : k_video_h264) + " )";
}

// Adds the microphone's branch inside a launch description "( … )".
std::string with_microphone(std::string launch, bool audio) {
  if (!audio)
    return launch;
  launch.insert(launch.rfind(')'), std::string(" ") + k_audio_aac + " ");
  return launch;
}

gboolean on_tick(gpointer feeder) {
  static_cast<MediaFeeder*>(feeder)->tick();
  return G_SOURCE_CONTINUE;
}

void destroy_timer(gpointer timer) {
  g_source_destroy(static_cast<GSource*>(timer));
  g_source_unref(static_cast<GSource*>(timer));
}

void shift_rtp_timestamp(GstBuffer* buffer, std::uint32_t offset_90k) {
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  if (!gst_rtp_buffer_map(buffer, GST_MAP_READWRITE, &rtp))
    return;
  gst_rtp_buffer_set_timestamp(&rtp, gst_rtp_buffer_get_timestamp(&rtp) + offset_90k); // wraps like RTP time does
  gst_rtp_buffer_unmap(&rtp);
}

// Pad probe on the payloader's source pad: the RTP timestamps leave with the camera's clock offset (the buffers' own
// timestamps, which pace the pipeline, stay as they are).
GstPadProbeReturn apply_clock_offset(GstPad*, GstPadProbeInfo* info, gpointer user_data) {
  const auto& source = *static_cast<const RtspCameraServer::StreamSource*>(user_data);
  std::uint32_t offset_90k = source.rtp_offset_90k.load();
  if (offset_90k == 0)
    return GST_PAD_PROBE_OK;
  if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
    GstBuffer* buffer = gst_buffer_make_writable(GST_PAD_PROBE_INFO_BUFFER(info));
    shift_rtp_timestamp(buffer, offset_90k);
    GST_PAD_PROBE_INFO_DATA(info) = buffer;
  } else if (info->type & GST_PAD_PROBE_TYPE_BUFFER_LIST) {
    GstBufferList* list = gst_buffer_list_make_writable(GST_PAD_PROBE_INFO_BUFFER_LIST(info));
    gst_buffer_list_foreach(
        list,
        [](GstBuffer** buffer, guint, gpointer offset) -> gboolean {
          *buffer = gst_buffer_make_writable(*buffer);
          shift_rtp_timestamp(*buffer, *static_cast<std::uint32_t*>(offset));
          return TRUE;
        },
        &offset_90k);
    GST_PAD_PROBE_INFO_DATA(info) = list;
  }
  return GST_PAD_PROBE_OK;
}

// The tone source says it can seek (audiotestsrc can); the video's appsrc cannot, so a client's PLAY with a Range would
// make the media try a seek that fails (503). Like the video alone, the audio answers "not seekable".
GstPadProbeReturn answer_not_seekable(GstPad*, GstPadProbeInfo* info, gpointer) {
  GstQuery* query = GST_PAD_PROBE_INFO_QUERY(info);
  if (GST_QUERY_TYPE(query) != GST_QUERY_SEEKING)
    return GST_PAD_PROBE_OK;
  gst_query_set_seeking(query, GST_FORMAT_TIME, FALSE, 0, -1);
  return GST_PAD_PROBE_HANDLED;
}

void on_unprepared(GstRTSPMedia* media, gpointer) {
  g_object_set_data(G_OBJECT(media), k_timer_key, nullptr); // stops the feeder
}

MediaFeeder* make_footage_feeder(GstElement* appsrc, const RtspCameraServer::StreamSource& source) {
  g_object_set(appsrc, "max-bytes", static_cast<guint64>(8 * 1024 * 1024), "min-latency", static_cast<gint64>(0),
               nullptr);
  return new StreamFeeder(appsrc, source.playing, source.timestamp_sei, source.hung);
}

// The payloader's RTP timestamps leave with the stream's clock offset (see apply_clock_offset).
void add_clock_offset_probe(GstElement* bin, RtspCameraServer::StreamSource& source) {
  GstElement* payloader = gst_bin_get_by_name_recurse_up(GST_BIN(bin), "pay0");
  GstPad* rtp_pad = gst_element_get_static_pad(payloader, "src");
  gst_pad_add_probe(rtp_pad, static_cast<GstPadProbeType>(GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST),
                    apply_clock_offset, &source, nullptr);
  gst_object_unref(rtp_pad);
  gst_object_unref(payloader);
}

// A microphone's tone answers "not seekable" like the video (see answer_not_seekable).
void add_tone_probe(GstElement* bin) {
  GstElement* tone = gst_bin_get_by_name_recurse_up(GST_BIN(bin), "tone");
  if (!tone)
    return;
  GstPad* tone_pad = gst_element_get_static_pad(tone, "src");
  gst_pad_add_probe(tone_pad, GST_PAD_PROBE_TYPE_QUERY_UPSTREAM, answer_not_seekable, nullptr, nullptr);
  gst_object_unref(tone_pad);
  gst_object_unref(tone);
}

// A new pipeline for one stream (the first client of a shared factory): attach a feeder ticking on the main context.
void on_media_configure(GstRTSPMediaFactory*, GstRTSPMedia* media, gpointer user_data) {
  auto& source = *static_cast<RtspCameraServer::StreamSource*>(user_data);
  GstElement* bin = gst_rtsp_media_get_element(media);
  GstElement* appsrc = gst_bin_get_by_name_recurse_up(GST_BIN(bin), "src");
  add_clock_offset_probe(bin, source);
  add_tone_probe(bin);
  gst_object_unref(bin);
  MediaFeeder* feeder = nullptr;
  guint interval_ms = 5;
  if (source.clock_picture) {
    feeder = new ClockFeeder(appsrc, *source.clock_picture, source.clock_fps, source.hung);
    interval_ms = std::max<guint>(interval_ms, static_cast<guint>(1000 / source.clock_fps / 4)); // a quarter frame
  } else {
    feeder = make_footage_feeder(appsrc, source);
    interval_ms = std::max<guint>(interval_ms, static_cast<guint>(source.clip->frame_duration_ns() / 2'000'000));
  }
  gst_object_unref(appsrc);
  GSource* timer = g_timeout_source_new(interval_ms);
  g_source_set_priority(timer, G_PRIORITY_HIGH);
  g_source_set_callback(timer, on_tick, feeder, [](gpointer p) { delete static_cast<MediaFeeder*>(p); });
  g_source_attach(timer, nullptr);
  g_object_set_data_full(G_OBJECT(media), k_timer_key, timer, destroy_timer);
  g_object_set_data(G_OBJECT(media), k_stream_key, GINT_TO_POINTER(source.index + 1));
  g_signal_connect(media, "unprepared", G_CALLBACK(on_unprepared), nullptr);
}

gboolean cleanup_sessions(gpointer server) {
  GstRTSPSessionPool* pool = gst_rtsp_server_get_session_pool(static_cast<GstRTSPServer*>(server));
  gst_rtsp_session_pool_cleanup(pool);
  g_object_unref(pool);
  return G_SOURCE_CONTINUE;
}

// Calls visit(client, stream key) for every client connection and every stream it has set up.
template <typename Visit> void for_each_client_stream(GstRTSPServer* server, Visit visit) {
  GList* clients = gst_rtsp_server_client_filter(server, nullptr, nullptr);
  for (GList* c = clients; c; c = c->next) {
    auto* client = GST_RTSP_CLIENT(c->data);
    GList* sessions = gst_rtsp_client_session_filter(client, nullptr, nullptr);
    for (GList* s = sessions; s; s = s->next) {
      GList* medias = gst_rtsp_session_filter(GST_RTSP_SESSION(s->data), nullptr, nullptr);
      for (GList* m = medias; m; m = m->next) {
        GstRTSPMedia* media = gst_rtsp_session_media_get_media(GST_RTSP_SESSION_MEDIA(m->data));
        int key = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(media), k_stream_key)) - 1;
        if (key >= 0)
          visit(client, key);
      }
      g_list_free_full(medias, g_object_unref);
    }
    g_list_free_full(sessions, g_object_unref);
  }
  g_list_free_full(clients, g_object_unref);
}

// A clock camera's stream: the main stream at the configured size, the sub stream at most 640 wide (same aspect).
void set_clock_stream(RtspCameraServer::StreamSource& source, const ClockCameraOptions& clock, bool sub) {
  int width = clock.width;
  int height = clock.height;
  int bitrate_kbps = clock.bitrate_kbps;
  if (sub) {
    width = std::min(width, 640);
    height = std::max(ClockPicture::k_min_height, (clock.height * width / clock.width) & ~1);
    bitrate_kbps = std::max(200, bitrate_kbps / 8);
  }
  source.clock_picture = std::make_unique<ClockPicture>(width, height, clock.fps);
  source.clock_fps = clock.fps;
  source.clock_bitrate_kbps = bitrate_kbps;
}

StreamStatus footage_stream_status(const FootageClip& clip) {
  StreamStatus stream;
  stream.clip = clip.name();
  stream.codec = clip.codec() == ClipCodec::h265 ? "h265" : "h264";
  stream.width = clip.width();
  stream.height = clip.height();
  stream.fps = static_cast<double>(clip.fps_num()) / clip.fps_den();
  stream.keyframe_interval_ms = static_cast<std::int64_t>(clip.keyframe_interval_ns() / 1'000'000);
  return stream;
}

StreamStatus clock_stream_status(const RtspCameraServer::StreamSource& source) {
  StreamStatus stream;
  stream.clip = "clock";
  stream.codec = "h264";
  stream.width = source.clock_picture->width();
  stream.height = source.clock_picture->height();
  stream.fps = source.clock_fps;
  stream.keyframe_interval_ms = 2000; // key-int-max = 2 s of frames
  return stream;
}

} // namespace

const char* camera_state_name(CameraState state) {
  switch (state) {
  case CameraState::up: return "up";
  case CameraState::hung: return "hung";
  case CameraState::dropped: return "dropped";
  }
  return "up";
}

RtspCameraServer::RtspCameraServer(const FootageLibrary& library, RtspCameraServerOptions options,
                                   const FootageLibrary* h265_library, const FootageLibrary* fisheye_library)
    : options_(std::move(options)), dropped_(static_cast<std::size_t>(options_.cameras), false),
      clock_offsets_ms_(static_cast<std::size_t>(options_.cameras), 0) {
  if (!options_.h265_cameras.empty() && !h265_library)
    throw std::runtime_error("H.265 cameras need H.265 footage");
  if (!options_.fisheye_cameras.empty() && !fisheye_library)
    throw std::runtime_error("fisheye cameras need fisheye footage");
  if (options_.audio_cameras > 0) {
    for (const char* element : {"audiotestsrc", "voaacenc", "aacparse", "rtpmp4gpay"}) {
      GstElementFactory* factory = gst_element_factory_find(element);
      if (!factory)
        throw std::runtime_error(std::string("audio cameras need the GStreamer element ") + element +
                                 " (gstreamer1.0-plugins-base/-good/-bad, scripts/setup.sh)");
      gst_object_unref(factory);
    }
  }
  for (int camera = 0; camera < options_.cameras; ++camera) {
    bool h265 =
        std::find(options_.h265_cameras.begin(), options_.h265_cameras.end(), camera) != options_.h265_cameras.end();
    bool clock =
        std::find(options_.clock_cameras.begin(), options_.clock_cameras.end(), camera) != options_.clock_cameras.end();
    bool fisheye = std::find(options_.fisheye_cameras.begin(), options_.fisheye_cameras.end(), camera) !=
                   options_.fisheye_cameras.end();
    bool multi_imager = std::find(options_.multi_imager_cameras.begin(), options_.multi_imager_cameras.end(),
                                  camera) != options_.multi_imager_cameras.end();
    int imagers = multi_imager ? 1 + k_extra_imagers : 1;
    for (int imager = 0; imager < imagers; ++imager) {
      // The other imagers look elsewhere: the clips of the next cameras.
      const auto& footage =
          (h265 ? *h265_library : fisheye ? *fisheye_library : library).for_camera(camera + imager);
      for (bool sub : {false, true}) {
        auto source = std::make_unique<StreamSource>();
        source->index = static_cast<int>(sources_.size());
        source->camera_index = camera;
        source->imager = imager;
        source->sub = sub;
        if (clock)
          set_clock_stream(*source, options_.clock, sub);
        else {
          source->clip = sub ? footage.sub.get() : footage.main.get();
          source->other_size = sub ? footage.main.get() : footage.sub.get();
          source->playing = source->clip;
        }
        source->timestamp_sei = options_.timestamp_sei;
        source->audio = imager == 0 && camera < options_.audio_cameras; // one microphone, on the first imager
        sources_.push_back(std::move(source));
      }
    }
  }

  server_ = gst_rtsp_server_new();
  gst_rtsp_server_set_address(server_, options_.address.c_str());
  gst_rtsp_server_set_service(server_, std::to_string(options_.port).c_str());
  if (!options_.user.empty()) {
    GstRTSPAuth* auth = gst_rtsp_auth_new();
    GstRTSPToken* token = gst_rtsp_token_new(GST_RTSP_TOKEN_MEDIA_FACTORY_ROLE, G_TYPE_STRING, k_role, nullptr);
    gchar* basic = gst_rtsp_auth_make_basic(options_.user.c_str(), options_.password.c_str());
    gst_rtsp_auth_add_basic(auth, basic, token);
    g_free(basic);
    gst_rtsp_token_unref(token);
    gst_rtsp_server_set_auth(server_, auth);
    g_object_unref(auth);
  }
  mounts_ = gst_rtsp_server_get_mount_points(server_);
  for (int camera = 0; camera < options_.cameras; ++camera)
    mount(camera);

  attach_id_ = gst_rtsp_server_attach(server_, nullptr);
  if (attach_id_ == 0) {
    g_object_unref(mounts_);
    g_object_unref(server_);
    throw std::runtime_error("cannot listen for RTSP on " + options_.address + ":" + std::to_string(options_.port));
  }
  port_ = static_cast<std::uint16_t>(gst_rtsp_server_get_bound_port(server_));
  cleanup_id_ = g_timeout_add_seconds(2, cleanup_sessions, server_);
}

RtspCameraServer::~RtspCameraServer() {
  g_source_remove(cleanup_id_);
  g_source_remove(attach_id_);
  gst_rtsp_server_client_filter(
      server_, [](GstRTSPServer*, GstRTSPClient*, gpointer) { return GST_RTSP_FILTER_REMOVE; }, nullptr);
  g_object_unref(mounts_);
  g_object_unref(server_);
}

std::vector<RtspCameraServer::StreamSource*> RtspCameraServer::sources_of(int camera_index) const {
  std::vector<StreamSource*> out;
  for (const auto& source : sources_) {
    if (source->camera_index == camera_index)
      out.push_back(source.get());
  }
  if (out.empty())
    throw std::out_of_range("no camera " + std::to_string(camera_index));
  return out;
}

RtspCameraServer::StreamSource& RtspCameraServer::own_stream(int camera_index, bool sub) const {
  return *sources_of(camera_index).at(sub ? 1 : 0); // imager 0's main, then sub, come first
}

void RtspCameraServer::mount(int camera_index) {
  for (StreamSource* source : sources_of(camera_index)) {
    GstRTSPMediaFactory* factory = gst_rtsp_media_factory_new();
    std::string launch = source->clock_picture
                             ? ClockFeeder::launch_description(source->clock_fps, source->clock_bitrate_kbps)
                             : video_launch(source->clip->codec());
    gst_rtsp_media_factory_set_launch(factory, with_microphone(launch, source->audio).c_str());
    gst_rtsp_media_factory_set_shared(factory, TRUE);
    gst_rtsp_media_factory_set_protocols(
        factory, static_cast<GstRTSPLowerTrans>(GST_RTSP_LOWER_TRANS_TCP | GST_RTSP_LOWER_TRANS_UDP));
    if (!options_.user.empty()) {
      gst_rtsp_media_factory_add_role(factory, k_role, GST_RTSP_PERM_MEDIA_FACTORY_ACCESS, G_TYPE_BOOLEAN, TRUE,
                                      GST_RTSP_PERM_MEDIA_FACTORY_CONSTRUCT, G_TYPE_BOOLEAN, TRUE, nullptr);
    }
    g_signal_connect(factory, "media-configure", G_CALLBACK(on_media_configure), source);
    gst_rtsp_mount_points_add_factory(mounts_, source->path().c_str(), factory); // takes the factory
  }
}

void RtspCameraServer::unmount(int camera_index) {
  for (StreamSource* source : sources_of(camera_index))
    gst_rtsp_mount_points_remove_factory(mounts_, source->path().c_str());
}

void RtspCameraServer::drop(int camera_index) {
  auto index = static_cast<std::size_t>(camera_index);
  if (!dropped_.at(index)) {
    dropped_[index] = true;
    unmount(camera_index);
  }
  std::vector<GstRTSPClient*> doomed;
  for_each_client_stream(server_, [&](GstRTSPClient* client, int key) {
    if (sources_[static_cast<std::size_t>(key)]->camera_index == camera_index && std::find(doomed.begin(), doomed.end(), client) == doomed.end()) {
      doomed.push_back(GST_RTSP_CLIENT(g_object_ref(client)));
    }
  });
  for (GstRTSPClient* client : doomed) {
    gst_rtsp_client_close(client);
    g_object_unref(client);
  }
}

void RtspCameraServer::hang(int camera_index) {
  for (StreamSource* source : sources_of(camera_index))
    source->hung = true;
}

void RtspCameraServer::restore(int camera_index) {
  auto index = static_cast<std::size_t>(camera_index);
  for (StreamSource* source : sources_of(camera_index))
    source->hung = false;
  if (dropped_.at(index)) {
    dropped_[index] = false;
    mount(camera_index);
  }
}

bool RtspCameraServer::resize(int camera_index) {
  auto& main = own_stream(camera_index, false);
  if (!main.clip || !main.other_size)
    return false;
  main.playing = main.playing == main.clip ? main.other_size : main.clip;
  return true;
}

void RtspCameraServer::jump_clock(int camera_index, std::int64_t offset_ms) {
  for (StreamSource* source : sources_of(camera_index))
    source->rtp_offset_90k += static_cast<std::uint32_t>(offset_ms * 90); // modulo 2^32, as RTP time is
  clock_offsets_ms_.at(static_cast<std::size_t>(camera_index)) += offset_ms;
}

std::vector<CameraStatus> RtspCameraServer::status() const {
  std::map<int, int> clients; // stream key -> client connections
  for_each_client_stream(server_, [&](GstRTSPClient*, int key) { ++clients[key]; });
  auto describe = [&](const StreamSource& source) {
    StreamStatus stream = source.clock_picture ? clock_stream_status(source) : footage_stream_status(*source.playing);
    stream.path = source.path();
    stream.audio = source.audio;
    stream.clients = clients[source.index];
    return stream;
  };
  std::vector<CameraStatus> cameras;
  for (int camera = 0; camera < options_.cameras; ++camera) {
    CameraStatus status;
    status.index = camera;
    if (dropped_[static_cast<std::size_t>(camera)])
      status.state = CameraState::dropped;
    else if (own_stream(camera, false).hung)
      status.state = CameraState::hung;
    status.clock_offset_ms = clock_offsets_ms_[static_cast<std::size_t>(camera)];
    status.main = describe(own_stream(camera, false));
    status.sub = describe(own_stream(camera, true));
    for (const StreamSource* source : sources_of(camera)) {
      if (source->imager > 0)
        status.imager_streams.push_back(describe(*source));
    }
    cameras.push_back(std::move(status));
  }
  return cameras;
}

} // namespace argus::camsim
