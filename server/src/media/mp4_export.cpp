#include "media/mp4_export.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <system_error>

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/error.h>
}

#include "common/error.hpp"
#include "media/chunk_file.hpp"
#include "media/history_playlist.hpp"

namespace argus::media {
namespace {

constexpr AVRational k_microseconds{1, 1'000'000};
constexpr std::int64_t k_gap_ms = 1000;

[[noreturn]] void fail(Error::Kind kind, const std::string& what) {
  throw Error(kind, "export: " + what);
}

std::string av_message(int rc) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(rc, text, sizeof text);
  return text;
}

//! A muxer write failed: a full disk is a StorageFullError (the job says so), anything else internal.
[[noreturn]] void fail_write(int rc, const char* step) {
  if (rc < 0 && is_no_space_errno(AVUNERROR(rc)))
    throw StorageFullError(std::string("writing the export file (") + step + ")");
  fail(Error::Kind::internal, std::string(step) + ": " + av_message(rc));
}

// One init segment followed by its fragments, as a non-seekable AVIOContext source (the mp4 demuxer reads fragmented
// MP4 front to back). Fragment bytes are read with pread straight into the demuxer's buffer (no copy in between), the
// chunk file kept open while its fragments follow each other.
class GroupInput {
public:
  GroupInput(const std::vector<ExportFragment>& fragments, std::size_t begin, std::size_t end)
      : fragments_(fragments), next_(begin), end_(end) {}
  GroupInput(const GroupInput&) = delete;
  GroupInput& operator=(const GroupInput&) = delete;
  ~GroupInput() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  static int read(void* opaque, std::uint8_t* buffer, int size) {
    auto& self = *static_cast<GroupInput*>(opaque);
    while (true) {
      if (self.init_position_ < self.init_.size()) {
        auto n = std::min<std::size_t>(self.init_.size() - self.init_position_, static_cast<std::size_t>(size));
        std::memcpy(buffer, self.init_.data() + self.init_position_, n);
        self.init_position_ += n;
        return static_cast<int>(n);
      }
      if (self.left_ > 0) {
        auto want = std::min<std::uint64_t>(self.left_, static_cast<std::uint64_t>(size));
        auto n = ::pread(self.fd_, buffer, want, static_cast<off_t>(self.offset_));
        if (n <= 0) { // shorter than the index says: truncated or replaced meanwhile
          self.missing_ = true;
          return AVERROR(EIO);
        }
        self.offset_ += static_cast<std::uint64_t>(n);
        self.left_ -= static_cast<std::uint64_t>(n);
        self.bytes_read_ += static_cast<std::uint64_t>(n);
        return static_cast<int>(n);
      }
      if (!self.load_next())
        return self.missing_ ? AVERROR(EIO) : AVERROR_EOF;
    }
  }

  //! Fragments of this group handed to the demuxer so far.
  std::size_t fragments_read() const { return fragments_read_; }
  std::uint64_t bytes_read() const { return bytes_read_; }
  //! A recorded file was missing or shorter than the index says (deleted by retention meanwhile).
  bool missing() const { return missing_; }

private:
  bool load_next() {
    if (!init_loaded_) {
      init_loaded_ = true;
      const auto& path = fragments_[next_].init_path;
      std::error_code error;
      auto size = std::filesystem::file_size(path, error);
      auto bytes = error ? std::nullopt : read_chunk_range(path, 0, size);
      if (!bytes || bytes->empty()) {
        missing_ = true;
        return false;
      }
      init_ = std::move(*bytes);
      return true;
    }
    if (next_ >= end_)
      return false;
    const auto& fragment = fragments_[next_++];
    if (fragment.chunk_path != open_path_) {
      if (fd_ >= 0)
        ::close(fd_);
      fd_ = ::open(fragment.chunk_path.c_str(), O_RDONLY | O_CLOEXEC);
      open_path_ = fragment.chunk_path;
      if (fd_ < 0) {
        missing_ = true;
        return false;
      }
    }
    offset_ = fragment.offset_bytes;
    left_ = fragment.size_bytes;
    ++fragments_read_;
    return true;
  }

  const std::vector<ExportFragment>& fragments_;
  std::size_t next_;
  std::size_t end_;
  bool init_loaded_ = false;
  bool missing_ = false;
  std::vector<std::uint8_t> init_;
  std::size_t init_position_ = 0;
  std::filesystem::path open_path_;
  int fd_ = -1;
  std::uint64_t offset_ = 0;
  std::uint64_t left_ = 0;
  std::size_t fragments_read_ = 0;
  std::uint64_t bytes_read_ = 0;
};

// The demuxer of one group.
struct Demuxer {
  AVFormatContext* format = nullptr;
  AVIOContext* io = nullptr;

  explicit Demuxer(GroupInput& input) {
    constexpr int k_buffer_size = 256 * 1024;
    auto* buffer = static_cast<std::uint8_t*>(av_malloc(k_buffer_size));
    io = buffer ? avio_alloc_context(buffer, k_buffer_size, 0, &input, &GroupInput::read, nullptr, nullptr) : nullptr;
    if (!io) {
      av_free(buffer);
      fail(Error::Kind::internal, "out of memory");
    }
    io->seekable = 0;
    format = avformat_alloc_context();
    if (!format)
      fail(Error::Kind::internal, "out of memory");
    format->pb = io;
    format->flags |= AVFMT_FLAG_CUSTOM_IO;
    if (avformat_open_input(&format, nullptr, av_find_input_format("mp4"), nullptr) < 0) {
      if (input.missing())
        fail(Error::Kind::not_found, "the recorded video of this range is no longer on disk");
      fail(Error::Kind::internal, "a recorded init segment does not parse");
    }
  }
  Demuxer(const Demuxer&) = delete;
  Demuxer& operator=(const Demuxer&) = delete;
  ~Demuxer() {
    if (format)
      avformat_close_input(&format);
    if (io) {
      av_freep(&io->buffer);
      avio_context_free(&io);
    }
  }
};

bool same_format(const AVCodecParameters& a, const AVCodecParameters& b) {
  if (a.codec_id != b.codec_id || a.codec_type != b.codec_type)
    return false;
  if (a.codec_type == AVMEDIA_TYPE_VIDEO && (a.width != b.width || a.height != b.height))
    return false;
  if (a.codec_type == AVMEDIA_TYPE_AUDIO && (a.sample_rate != b.sample_rate || a.ch_layout.nb_channels != b.ch_layout.nb_channels))
    return false;
  return a.extradata_size == b.extradata_size &&
         (a.extradata_size == 0 || std::memcmp(a.extradata, b.extradata, static_cast<std::size_t>(a.extradata_size)) == 0);
}

// The output file: one video stream and, when the recording has one, one audio stream.
class Muxer {
public:
  explicit Muxer(const std::filesystem::path& path) : path_(path) {}
  Muxer(const Muxer&) = delete;
  Muxer& operator=(const Muxer&) = delete;
  ~Muxer() {
    if (format_) {
      if (format_->pb)
        avio_closep(&format_->pb);
      avformat_free_context(format_);
    }
  }

  bool started() const { return format_ != nullptr; }

  //! Output streams like the first group's video and audio; writes the header.
  void start(const AVFormatContext& input) {
    if (avformat_alloc_output_context2(&format_, nullptr, "mp4", path_.c_str()) < 0 || !format_)
      fail(Error::Kind::internal, "cannot make an mp4 muxer");
    for (unsigned i = 0; i < input.nb_streams; ++i) {
      const auto* source = input.streams[i];
      auto type = source->codecpar->codec_type;
      if ((type != AVMEDIA_TYPE_VIDEO && type != AVMEDIA_TYPE_AUDIO) || kinds_.contains(type))
        continue;
      auto* stream = avformat_new_stream(format_, nullptr);
      if (!stream || avcodec_parameters_copy(stream->codecpar, source->codecpar) < 0)
        fail(Error::Kind::internal, "out of memory");
      stream->codecpar->codec_tag = 0;
      stream->time_base = source->time_base;
      kinds_[type] = stream->index;
    }
    if (!kinds_.contains(AVMEDIA_TYPE_VIDEO))
      fail(Error::Kind::internal, "the recording has no video track");
    int rc = avio_open(&format_->pb, path_.c_str(), AVIO_FLAG_WRITE);
    if (rc < 0)
      fail_write(rc, "opening the file");
    AVDictionary* options = nullptr;
    av_dict_set(&options, "movflags", "+faststart", 0);
    rc = avformat_write_header(format_, &options);
    av_dict_free(&options);
    if (rc < 0)
      fail_write(rc, "header");
    last_dts_.assign(format_->nb_streams, AV_NOPTS_VALUE);
  }

  //! The output stream for input stream i of a group (-1: not exported); a format change is an error.
  std::vector<int> map_streams(const AVFormatContext& input, std::int64_t at_ms) const {
    std::vector<int> map(input.nb_streams, -1);
    std::map<AVMediaType, bool> taken;
    for (unsigned i = 0; i < input.nb_streams; ++i) {
      const auto* source = input.streams[i];
      auto type = source->codecpar->codec_type;
      auto kind = kinds_.find(type);
      if (kind == kinds_.end() || taken[type])
        continue;
      taken[type] = true;
      if (!same_format(*format_->streams[kind->second]->codecpar, *source->codecpar))
        fail(Error::Kind::invalid_input,
             "the video format changes at " + iso8601_utc_ms(at_ms) +
                 " (the camera's settings changed, or clips of cameras with different formats); one file cannot hold "
                 "both without re-encoding: export those times separately");
      map[i] = kind->second;
    }
    return map;
  }

  //! Writes a packet whose timestamps are in `from` (the input stream's time base), moved back by origin_us.
  void write(AVPacket& packet, int out_index, AVRational from, std::int64_t origin_us) {
    auto* stream = format_->streams[out_index];
    auto shift = av_rescale_q(origin_us, k_microseconds, stream->time_base);
    auto dts = packet.dts != AV_NOPTS_VALUE ? packet.dts : packet.pts;
    auto pts = packet.pts != AV_NOPTS_VALUE ? packet.pts : dts;
    dts = av_rescale_q(dts, from, stream->time_base) - shift;
    pts = av_rescale_q(pts, from, stream->time_base) - shift;
    auto& last = last_dts_[static_cast<std::size_t>(out_index)];
    if (last != AV_NOPTS_VALUE && dts <= last)
      dts = last + 1; // the recorder's timeline never goes back; a rounding tie must not stop the muxer
    pts = std::max(pts, dts);
    last = dts;
    packet.stream_index = out_index;
    packet.dts = dts;
    packet.pts = pts;
    packet.duration = av_rescale_q(packet.duration, from, stream->time_base);
    packet.pos = -1;
    int rc = av_interleaved_write_frame(format_, &packet);
    if (rc < 0)
      fail_write(rc, "a frame");
  }

  int video_index() const { return kinds_.at(AVMEDIA_TYPE_VIDEO); }

  void finish() {
    int rc = av_write_trailer(format_); // faststart moves the moov to the front here (a second pass over the file)
    if (rc < 0)
      fail_write(rc, "trailer");
    rc = avio_closep(&format_->pb);
    if (rc < 0)
      fail_write(rc, "closing the file");
  }

private:
  std::filesystem::path path_;
  AVFormatContext* format_ = nullptr;
  std::map<AVMediaType, int> kinds_;
  std::vector<std::int64_t> last_dts_;
};

// Removes the output file unless release() was called (the export succeeded).
struct RemoveOnFailure {
  std::filesystem::path path;
  bool keep = false;
  ~RemoveOnFailure() {
    if (!keep) {
      std::error_code ignored;
      std::filesystem::remove(path, ignored);
    }
  }
};

} // namespace

Mp4ExportResult export_mp4(const std::vector<ExportPart>& parts, const std::filesystem::path& out,
                           const ExportProgress& progress) {
  std::uint64_t total_bytes = 0;
  for (const auto& part : parts)
    for (const auto& fragment : part)
      total_bytes += fragment.size_bytes;
  if (total_bytes == 0)
    fail(Error::Kind::invalid_input, "no recorded video in this range");
  RemoveOnFailure cleanup{out};
  Mp4ExportResult result;
  for (const auto& part : parts) {
    if (part.empty())
      continue;
    if (result.end_ms == 0)
      result.first_ms = part.front().start_ms;
    result.end_ms = part.back().start_ms + part.back().duration_ms;
    for (std::size_t i = 1; i < part.size(); ++i) {
      const auto& previous = part[i - 1];
      if (part[i].start_ms > previous.start_ms + previous.duration_ms + k_gap_ms)
        ++result.gaps;
    }
  }

  Muxer muxer(out);
  std::uint64_t bytes_done = 0;
  AVPacket* packet = av_packet_alloc();
  if (!packet)
    fail(Error::Kind::internal, "out of memory");
  struct PacketFree {
    AVPacket*& packet;
    ~PacketFree() { av_packet_free(&packet); }
  } free_packet{packet};

  // Output time (µs) where the next part starts: the end of what was written so far.
  std::int64_t next_part_us = 0;
  for (const auto& fragments : parts) {
    std::optional<std::int64_t> origin_us; // input time of this part's first video frame, minus next_part_us
    std::int64_t part_end_us = next_part_us;
    for (std::size_t begin = 0; begin < fragments.size();) {
      auto end = begin;
      while (end < fragments.size() && fragments[end].init_segment_id == fragments[begin].init_segment_id)
        ++end;
      GroupInput input(fragments, begin, end);
      Demuxer demuxer(input);
      if (!muxer.started())
        muxer.start(*demuxer.format);
      auto map = muxer.map_streams(*demuxer.format, fragments[begin].start_ms);
      std::size_t reported = 0;
      int rc = 0;
      while ((rc = av_read_frame(demuxer.format, packet)) >= 0) {
        auto index = packet->stream_index;
        auto out_index =
            index >= 0 && static_cast<std::size_t>(index) < map.size() ? map[static_cast<std::size_t>(index)] : -1;
        if (out_index >= 0) {
          auto from = demuxer.format->streams[index]->time_base;
          auto dts = packet->dts != AV_NOPTS_VALUE ? packet->dts : packet->pts;
          auto dts_us = av_rescale_q(dts, from, k_microseconds);
          if (!origin_us && out_index == muxer.video_index())
            origin_us = dts_us - next_part_us;
          if (origin_us && dts_us - *origin_us >= next_part_us) {
            if (out_index == muxer.video_index())
              ++result.video_frames;
            auto end_us = dts_us - *origin_us + av_rescale_q(std::max<std::int64_t>(packet->duration, 0), from, k_microseconds);
            part_end_us = std::max(part_end_us, end_us);
            muxer.write(*packet, out_index, from, *origin_us);
          }
        }
        av_packet_unref(packet);
        if (input.fragments_read() != reported) {
          reported = input.fragments_read();
          if (progress &&
              !progress(static_cast<double>(bytes_done + input.bytes_read()) / static_cast<double>(total_bytes)))
            throw ExportCancelled{};
        }
      }
      if (input.missing())
        fail(Error::Kind::not_found, "the recorded video of this range is no longer on disk");
      if (rc != AVERROR_EOF)
        fail(Error::Kind::internal, "recorded fragments do not parse: " + av_message(rc));
      bytes_done += input.bytes_read();
      begin = end;
    }
    next_part_us = part_end_us;
  }
  if (result.video_frames == 0)
    fail(Error::Kind::invalid_input, "no recorded video in this range");
  muxer.finish();
  std::error_code error;
  result.file_bytes = std::filesystem::file_size(out, error);
  cleanup.keep = true;
  return result;
}

} // namespace argus::media
