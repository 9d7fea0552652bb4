#include "media/snapshot_service.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <optional>
#include <string_view>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
}

#include "common/error.hpp"
#include "media/damaged_recordings.hpp"
#include "media/live_hub.hpp"
#include "store/database.hpp"

namespace argus::media {
namespace {

[[noreturn]] void fail(const std::string& what) {
  throw Error(Error::Kind::internal, "snapshot: " + what);
}

// The fMP4 bytes as an in-memory AVIOContext source.
struct MemoryInput {
  std::vector<std::uint8_t> bytes;
  std::int64_t position = 0;

  static int read(void* opaque, std::uint8_t* buffer, int size) {
    auto& self = *static_cast<MemoryInput*>(opaque);
    auto left = static_cast<std::int64_t>(self.bytes.size()) - self.position;
    if (left <= 0)
      return AVERROR_EOF;
    auto n = static_cast<int>(std::min<std::int64_t>(left, size));
    std::memcpy(buffer, self.bytes.data() + self.position, static_cast<std::size_t>(n));
    self.position += n;
    return n;
  }
  static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
    auto& self = *static_cast<MemoryInput*>(opaque);
    auto size = static_cast<std::int64_t>(self.bytes.size());
    if (whence & AVSEEK_SIZE)
      return size;
    whence &= ~AVSEEK_FORCE;
    std::int64_t target = whence == SEEK_SET ? offset : whence == SEEK_CUR ? self.position + offset : size + offset;
    if (target < 0 || target > size)
      return -1;
    self.position = target;
    return target;
  }
};

struct FormatHolder {
  AVFormatContext* format = nullptr;
  AVIOContext* io = nullptr;
  ~FormatHolder() {
    if (format)
      avformat_close_input(&format);
    if (io) {
      av_freep(&io->buffer);
      avio_context_free(&io);
    }
  }
};

template <typename T, void (*Free)(T**)> struct Owned {
  T* value = nullptr;
  ~Owned() {
    if (value)
      Free(&value);
  }
};

//! The frame shown offset_ms after the first one of the fMP4 bytes: the last frame starting at or before it (the
//! first frame for 0 or less). Frames are decoded from the keyframe that starts the fragment.
AVFrame* decode_frame_at(MemoryInput& input, std::int64_t offset_ms, Owned<AVFrame, av_frame_free>& frame) {
  FormatHolder holder;
  constexpr int k_buffer_size = 64 * 1024;
  auto* buffer = static_cast<std::uint8_t*>(av_malloc(k_buffer_size));
  holder.io = avio_alloc_context(buffer, k_buffer_size, 0, &input, &MemoryInput::read, nullptr, &MemoryInput::seek);
  if (!holder.io)
    fail("out of memory");
  holder.format = avformat_alloc_context();
  holder.format->pb = holder.io;
  holder.format->flags |= AVFMT_FLAG_CUSTOM_IO;
  if (avformat_open_input(&holder.format, nullptr, av_find_input_format("mp4"), nullptr) < 0)
    fail("cannot parse the fMP4 bytes");
  int stream_index = av_find_best_stream(holder.format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
  if (stream_index < 0)
    fail("no video stream");
  const auto* stream = holder.format->streams[stream_index];
  const AVCodec* codec = avcodec_find_decoder(stream->codecpar->codec_id);
  if (!codec)
    fail("no decoder");
  Owned<AVCodecContext, avcodec_free_context> decoder{avcodec_alloc_context3(codec)};
  avcodec_parameters_to_context(decoder.value, stream->codecpar);
  decoder.value->thread_count = 1;
  if (avcodec_open2(decoder.value, codec, nullptr) < 0)
    fail("cannot open the decoder");
  Owned<AVPacket, av_packet_free> packet{av_packet_alloc()};
  Owned<AVFrame, av_frame_free> candidate{av_frame_alloc()};
  frame.value = av_frame_alloc();
  bool have_frame = false;
  std::optional<std::int64_t> first_pts;
  // Takes the decoded candidate; true when it is past the wanted moment (the frame before it is the answer).
  auto past_target = [&]() {
    auto pts = candidate.value->best_effort_timestamp;
    if (pts == AV_NOPTS_VALUE)
      pts = candidate.value->pts;
    if (!first_pts)
      first_pts = pts;
    auto frame_offset_ms = av_rescale_q(pts - *first_pts, stream->time_base, AVRational{1, 1000});
    if (have_frame && frame_offset_ms > offset_ms)
      return true;
    av_frame_unref(frame.value);
    av_frame_move_ref(frame.value, candidate.value);
    have_frame = true;
    return offset_ms <= 0;
  };
  bool done = false;
  while (!done && av_read_frame(holder.format, packet.value) >= 0) {
    bool ours = packet.value->stream_index == stream_index;
    int rc = ours ? avcodec_send_packet(decoder.value, packet.value) : 0;
    av_packet_unref(packet.value);
    if (rc < 0 && rc != AVERROR(EAGAIN))
      fail("decode error");
    while (ours && !done && avcodec_receive_frame(decoder.value, candidate.value) == 0)
      done = past_target();
  }
  if (!done) {
    avcodec_send_packet(decoder.value, nullptr);
    while (!done && avcodec_receive_frame(decoder.value, candidate.value) == 0)
      done = past_target();
  }
  if (!have_frame)
    fail("no frame decoded");
  return frame.value;
}

std::string encode_jpeg(const AVFrame& source, int width) {
  int out_width = source.width;
  int out_height = source.height;
  if (width > 0 && width != source.width) {
    out_width = width;
    out_height = std::max(2, static_cast<int>(static_cast<std::int64_t>(source.height) * width / source.width));
  }
  out_width += out_width % 2;
  out_height += out_height % 2;
  Owned<AVFrame, av_frame_free> scaled{av_frame_alloc()};
  // Full-range YUV 4:2:0 (what JPEG uses) without the deprecated YUVJ formats.
  scaled.value->format = AV_PIX_FMT_YUV420P;
  scaled.value->color_range = AVCOL_RANGE_JPEG;
  scaled.value->width = out_width;
  scaled.value->height = out_height;
  if (av_frame_get_buffer(scaled.value, 0) < 0)
    fail("out of memory");
  auto* sws = sws_getContext(source.width, source.height, static_cast<AVPixelFormat>(source.format), out_width,
                             out_height, AV_PIX_FMT_YUV420P, SWS_BILINEAR, nullptr, nullptr, nullptr);
  if (!sws)
    fail("cannot scale");
  const int* coefficients = sws_getCoefficients(SWS_CS_ITU601);
  sws_setColorspaceDetails(sws, coefficients, source.color_range == AVCOL_RANGE_JPEG ? 1 : 0, coefficients, 1, 0,
                           1 << 16, 1 << 16);
  sws_scale(sws, source.data, source.linesize, 0, source.height, scaled.value->data, scaled.value->linesize);
  sws_freeContext(sws);

  const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
  if (!codec)
    fail("no mjpeg encoder");
  Owned<AVCodecContext, avcodec_free_context> encoder{avcodec_alloc_context3(codec)};
  auto* context = encoder.value;
  context->width = out_width;
  context->height = out_height;
  context->pix_fmt = AV_PIX_FMT_YUV420P;
  context->color_range = AVCOL_RANGE_JPEG;
  context->time_base = AVRational{1, 25};
  context->flags |= AV_CODEC_FLAG_QSCALE;
  context->global_quality = FF_QP2LAMBDA * 4;
  if (avcodec_open2(context, codec, nullptr) < 0)
    fail("cannot open the mjpeg encoder");
  scaled.value->quality = context->global_quality;
  scaled.value->pts = 0;
  Owned<AVPacket, av_packet_free> packet{av_packet_alloc()};
  if (avcodec_send_frame(context, scaled.value) < 0 || avcodec_receive_packet(context, packet.value) < 0)
    fail("jpeg encoding failed");
  return std::string(reinterpret_cast<const char*>(packet.value->data), static_cast<std::size_t>(packet.value->size));
}

std::vector<std::uint8_t> read_region(const std::filesystem::path& path, std::int64_t offset, std::int64_t size) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (!in.seekg(offset) || !in.read(reinterpret_cast<char*>(bytes.data()), size))
    throw Error(Error::Kind::not_found, "Recording is not available");
  return bytes;
}

} // namespace

std::string keyframe_to_jpeg(const std::vector<std::uint8_t>& init_segment, const std::vector<std::uint8_t>& fragment,
                             int width) {
  return fragment_frame_to_jpeg(init_segment, fragment, 0, width);
}

std::string fragment_frame_to_jpeg(const std::vector<std::uint8_t>& init_segment,
                                   const std::vector<std::uint8_t>& fragment, std::int64_t offset_ms, int width) {
  MemoryInput input;
  input.bytes.reserve(init_segment.size() + fragment.size());
  input.bytes.insert(input.bytes.end(), init_segment.begin(), init_segment.end());
  input.bytes.insert(input.bytes.end(), fragment.begin(), fragment.end());
  Owned<AVFrame, av_frame_free> frame;
  const AVFrame* decoded = decode_frame_at(input, offset_ms, frame);
  // Never wider than the recording: a larger image would not show more.
  return encode_jpeg(*decoded, width > decoded->width ? 0 : width);
}

int SnapshotService::historical_width(int width) {
  if (width <= 0)
    return 0;
  for (int size : k_historical_widths) {
    if (size >= width)
      return size;
  }
  return k_historical_widths.back();
}

SnapshotService::SnapshotService(const LiveHub& hub, store::Database& database, std::filesystem::path data_dir,
                                 std::chrono::milliseconds cache_ttl)
    : hub_(hub), database_(database), data_dir_(std::move(data_dir)), cache_ttl_(cache_ttl) {}

std::shared_ptr<const std::string> SnapshotService::latest(std::int64_t camera_id, int width) {
  auto now = std::chrono::steady_clock::now();
  auto key = std::make_pair(camera_id, width);
  {
    std::lock_guard lock(mutex_);
    auto found = cache_.find(key);
    if (found != cache_.end() && now - found->second.made < cache_ttl_)
      return found->second.jpeg;
  }
  // The sub-stream is cheaper to decode and enough for thumbnails.
  std::optional<LiveWindow> window;
  if (width > 0) {
    window = hub_.window(camera_id, "sub");
    if (window && (window->info.width < width || !window->latest_keyframe_part()))
      window.reset();
  }
  if (!window)
    window = hub_.window(camera_id, "main");
  const LivePart* part = window ? window->latest_keyframe_part() : nullptr;
  if (!part || !window->init_segment)
    return nullptr;
  auto part_bytes = read_live_part(*part); // in memory: from the newest keyframe part on the hub keeps its samples
  if (!part_bytes)
    return nullptr;
  auto jpeg =
      std::make_shared<const std::string>(keyframe_to_jpeg(*window->init_segment, part_bytes->contiguous(), width));
  std::lock_guard lock(mutex_);
  if (cache_.size() > 1024)
    cache_.clear();
  cache_[key] = {now, jpeg};
  return jpeg;
}

std::shared_ptr<const std::string> SnapshotService::at(std::int64_t camera_id, std::int64_t ts_ms, int width) {
  width = historical_width(width);
  JpegCache::Key key{camera_id, ts_ms, width};
  if (auto cached = historical_.find(key))
    return cached;
  // The sub-stream is cheaper to decode and enough for thumbnails; main for wider images or when sub has nothing.
  std::shared_ptr<const std::string> jpeg;
  bool final = false; // the GOP holding ts_ms is recorded: its image will not change
  for (const char* stream : {"sub", "main"}) {
    if (width == 0 && stream == std::string_view("sub"))
      continue;
    auto recorded = recorded_gop(camera_id, stream, ts_ms);
    if (!recorded || (stream == std::string_view("sub") && recorded->width < width))
      continue;
    auto chunk_path = data_dir_ / recorded->chunk_path;
    if (!ChunkFragmentCheck(chunk_path).intact(recorded->fragment.offset_bytes, recorded->fragment.size_bytes))
      throw Error(Error::Kind::not_found, "Recording is damaged at this time");
    auto init_bytes = read_region(data_dir_ / recorded->init_path, 0, recorded->init_size_bytes);
    auto fragment_bytes = read_region(chunk_path, recorded->fragment.offset_bytes, recorded->fragment.size_bytes);
    try {
      jpeg = std::make_shared<const std::string>(
          fragment_frame_to_jpeg(init_bytes, fragment_bytes, ts_ms - recorded->fragment.start_ms, width));
    } catch (const Error& error) {
      // The index is right but the bytes are not (overwritten): not available, logged once per file.
      report_damaged_recording(chunk_path, error.what());
      throw Error(Error::Kind::not_found, "Recording is damaged at this time");
    }
    final = ts_ms < recorded->fragment.start_ms + recorded->fragment.duration_ms;
    break;
  }
  if (final)
    historical_.insert(key, jpeg);
  return jpeg;
}

std::optional<SnapshotService::RecordedGop> SnapshotService::recorded_gop(std::int64_t camera_id,
                                                                        const std::string& stream,
                                                                        std::int64_t ts_ms) {
  auto fragments = database_.fragments_in_range(camera_id, stream, ts_ms - 60'000, ts_ms + 1);
  const store::FragmentRecord* chosen = nullptr;
  for (const auto& fragment : fragments) {
    if (fragment.keyframe && fragment.start_ms <= ts_ms)
      chosen = &fragment;
  }
  if (!chosen)
    return std::nullopt;
  std::optional<store::ChunkRecord> chunk;
  for (auto& candidate : database_.chunks_in_range(camera_id, stream, chosen->start_ms, chosen->start_ms + 1)) {
    if (candidate.id == chosen->chunk_id)
      chunk = std::move(candidate);
  }
  if (!chunk)
    return std::nullopt;
  auto init = database_.find_init_segment(chunk->init_segment_id);
  if (!init)
    return std::nullopt;
  std::error_code error;
  auto init_size = std::filesystem::file_size(data_dir_ / init->file_path, error);
  if (error)
    return std::nullopt;
  return RecordedGop{*chosen, chunk->file_path, init->file_path, static_cast<std::int64_t>(init_size),
                     static_cast<int>(init->width)};
}

} // namespace argus::media
