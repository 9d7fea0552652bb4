#include "analytics/video_decoder.hpp"

#include <algorithm>
#include <cstring>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include "common/error.hpp"
#include "media/media_types.hpp"

namespace argus::analytics {

struct VideoDecoder::Impl {
  AVCodecContext* context = nullptr;
  AVPacket* packet = nullptr;
  AVFrame* frame = nullptr;
  SwsContext* luma_scaler = nullptr;
  SwsContext* picture_scaler = nullptr;

  ~Impl() {
    sws_freeContext(luma_scaler);
    sws_freeContext(picture_scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
  }
};

VideoDecoder::VideoDecoder(const media::StreamInfo& info) : impl_(std::make_unique<Impl>()) {
  auto id = info.codec == media::VideoCodec::h265 ? AV_CODEC_ID_HEVC : AV_CODEC_ID_H264;
  const AVCodec* codec = avcodec_find_decoder(id);
  if (!codec)
    throw Error(Error::Kind::unavailable, "motion: no decoder for " + info.codec_string());
  impl_->context = avcodec_alloc_context3(codec);
  impl_->packet = av_packet_alloc();
  impl_->frame = av_frame_alloc();
  if (!impl_->context || !impl_->packet || !impl_->frame)
    throw Error(Error::Kind::unavailable, "motion: out of memory");
  auto* context = impl_->context;
  if (!info.extradata.empty()) {
    context->extradata = static_cast<std::uint8_t*>(av_mallocz(info.extradata.size() + AV_INPUT_BUFFER_PADDING_SIZE));
    if (!context->extradata)
      throw Error(Error::Kind::unavailable, "motion: out of memory");
    std::memcpy(context->extradata, info.extradata.data(), info.extradata.size());
    context->extradata_size = static_cast<int>(info.extradata.size());
  }
  context->width = info.width;
  context->height = info.height;
  context->thread_count = 1;
  context->skip_frame = AVDISCARD_NONREF;
  context->flags2 |= AV_CODEC_FLAG2_FAST;
  if (avcodec_open2(context, codec, nullptr) < 0)
    throw Error(Error::Kind::unavailable, "motion: cannot open the " + info.codec_string() + " decoder");
}

VideoDecoder::~VideoDecoder() = default;

bool VideoDecoder::decode(std::span<const std::uint8_t> unit, std::int64_t dts_90k,
                          const std::function<void(const Frame&)>& on_frame) {
  auto* packet = impl_->packet;
  if (av_new_packet(packet, static_cast<int>(unit.size())) < 0)
    return false;
  std::memcpy(packet->data, unit.data(), unit.size());
  packet->dts = dts_90k;
  packet->pts = AV_NOPTS_VALUE;
  int rc = avcodec_send_packet(impl_->context, packet);
  av_packet_unref(packet);
  bool ok = rc >= 0 || rc == AVERROR(EAGAIN);
  while (true) {
    rc = avcodec_receive_frame(impl_->context, impl_->frame);
    if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
      break;
    if (rc < 0) {
      ok = false;
      break;
    }
    ++frames_decoded_;
    ok = ok && impl_->frame->decode_error_flags == 0;
    Frame frame;
    auto timestamp = impl_->frame->best_effort_timestamp;
    frame.dts_90k = timestamp == AV_NOPTS_VALUE ? dts_90k : timestamp;
    frame.width = impl_->frame->width;
    frame.height = impl_->frame->height;
    frame.frame_ = impl_->frame;
    frame.decoder_ = this;
    on_frame(frame);
    av_frame_unref(impl_->frame);
  }
  return ok;
}

void VideoDecoder::flush() {
  avcodec_flush_buffers(impl_->context);
}

void VideoDecoder::Frame::luma(int out_width, int out_height, std::vector<std::uint8_t>& out) const {
  const auto* frame = static_cast<const AVFrame*>(frame_);
  auto& impl = *decoder_->impl_;
  out.resize(static_cast<std::size_t>(out_width) * static_cast<std::size_t>(out_height));
  // Plane 0 of every YUV format is luma: scale it alone as gray (no chroma work, no range conversion).
  const auto* descriptor = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(frame->format));
  bool eight_bit_yuv = descriptor && !(descriptor->flags & AV_PIX_FMT_FLAG_RGB) && descriptor->comp[0].depth == 8 &&
                       descriptor->nb_components >= 3;
  auto source_format = eight_bit_yuv ? AV_PIX_FMT_GRAY8 : static_cast<AVPixelFormat>(frame->format);
  impl.luma_scaler = sws_getCachedContext(impl.luma_scaler, frame->width, frame->height, source_format, out_width,
                                          out_height, AV_PIX_FMT_GRAY8, SWS_AREA, nullptr, nullptr, nullptr);
  if (!impl.luma_scaler)
    throw Error(Error::Kind::internal, "motion: cannot scale the frame");
  std::uint8_t* destination[4] = {out.data(), nullptr, nullptr, nullptr};
  int destination_stride[4] = {out_width, 0, 0, 0};
  sws_scale(impl.luma_scaler, frame->data, frame->linesize, 0, frame->height, destination, destination_stride);
}

Picture VideoDecoder::Frame::picture(int out_width) const {
  const auto* frame = static_cast<const AVFrame*>(frame_);
  auto& impl = *decoder_->impl_;
  Picture picture;
  picture.width = (out_width + 1) / 2 * 2;
  picture.height = std::max(2, static_cast<int>(static_cast<std::int64_t>(frame->height) * out_width / frame->width));
  picture.height += picture.height % 2;
  picture.y.resize(static_cast<std::size_t>(picture.width * picture.height));
  picture.u.resize(static_cast<std::size_t>(picture.width / 2 * picture.height / 2));
  picture.v.resize(picture.u.size());
  impl.picture_scaler =
      sws_getCachedContext(impl.picture_scaler, frame->width, frame->height, static_cast<AVPixelFormat>(frame->format),
                           picture.width, picture.height, AV_PIX_FMT_YUV420P, SWS_BILINEAR, nullptr, nullptr, nullptr);
  if (!impl.picture_scaler)
    throw Error(Error::Kind::internal, "motion: cannot scale the frame");
  // Full-range output (what JPEG uses) from whatever range the stream has.
  const int* coefficients = sws_getCoefficients(SWS_CS_ITU601);
  sws_setColorspaceDetails(impl.picture_scaler, coefficients, frame->color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                           coefficients, 1, 0, 1 << 16, 1 << 16);
  std::uint8_t* destination[4] = {picture.y.data(), picture.u.data(), picture.v.data(), nullptr};
  int destination_stride[4] = {picture.width, picture.width / 2, picture.width / 2, 0};
  sws_scale(impl.picture_scaler, frame->data, frame->linesize, 0, frame->height, destination, destination_stride);
  return picture;
}

} // namespace argus::analytics
