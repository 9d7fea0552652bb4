#include "analytics/jpeg_encoder.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
}

#include "common/error.hpp"

namespace argus::analytics {

struct JpegEncoder::Impl {
  int quality;
  std::int64_t next_pts = 0; // the encoder wants increasing timestamps
  AVCodecContext* context = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;

  ~Impl() { close(); }
  void close() {
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
  }
  void open(int width, int height) {
    close();
    const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
    if (!codec)
      throw Error(Error::Kind::internal, "motion: no mjpeg encoder");
    context = avcodec_alloc_context3(codec);
    frame = av_frame_alloc();
    packet = av_packet_alloc();
    if (!context || !frame || !packet)
      throw Error(Error::Kind::internal, "motion: out of memory");
    context->width = width;
    context->height = height;
    context->pix_fmt = AV_PIX_FMT_YUV420P;
    context->color_range = AVCOL_RANGE_JPEG;
    context->time_base = AVRational{1, 25};
    context->flags |= AV_CODEC_FLAG_QSCALE;
    context->global_quality = FF_QP2LAMBDA * quality;
    context->thread_count = 1;
    if (avcodec_open2(context, codec, nullptr) < 0)
      throw Error(Error::Kind::internal, "motion: cannot open the mjpeg encoder");
  }
};

JpegEncoder::JpegEncoder(int quality) : impl_(std::make_unique<Impl>()) {
  impl_->quality = quality;
}

JpegEncoder::~JpegEncoder() = default;

std::string JpegEncoder::encode(const Picture& picture) {
  if (picture.empty() || picture.width % 2 || picture.height % 2)
    throw Error(Error::Kind::internal, "motion: cannot encode an empty or odd-sized picture");
  auto& impl = *impl_;
  if (!impl.context || impl.context->width != picture.width || impl.context->height != picture.height)
    impl.open(picture.width, picture.height);
  // The frame points at the picture's planes (no copy); the encoder reads them during send_frame.
  auto* frame = impl.frame;
  frame->format = AV_PIX_FMT_YUV420P;
  frame->color_range = AVCOL_RANGE_JPEG;
  frame->width = picture.width;
  frame->height = picture.height;
  frame->data[0] = const_cast<std::uint8_t*>(picture.y.data());
  frame->data[1] = const_cast<std::uint8_t*>(picture.u.data());
  frame->data[2] = const_cast<std::uint8_t*>(picture.v.data());
  frame->linesize[0] = picture.width;
  frame->linesize[1] = picture.width / 2;
  frame->linesize[2] = picture.width / 2;
  frame->quality = impl.context->global_quality;
  frame->pts = impl.next_pts++;
  int rc = avcodec_send_frame(impl.context, frame);
  for (auto& plane : frame->data)
    plane = nullptr;
  if (rc < 0 || avcodec_receive_packet(impl.context, impl.packet) < 0)
    throw Error(Error::Kind::internal, "motion: JPEG encoding failed");
  std::string jpeg(reinterpret_cast<const char*>(impl.packet->data), static_cast<std::size_t>(impl.packet->size));
  av_packet_unref(impl.packet);
  return jpeg;
}

} // namespace argus::analytics
