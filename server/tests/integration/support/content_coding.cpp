#include "support/content_coding.hpp"

#include <stdexcept>
#include <vector>

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

namespace argus::testing {
namespace {

constexpr int k_gzip_window_bits = 15 + 16; // +16: gzip header and trailer instead of zlib's
constexpr std::size_t k_chunk_bytes = 64 * 1024;

const std::uint8_t* bytes_of(const std::string& data) {
  return reinterpret_cast<const std::uint8_t*>(data.data());
}

} // namespace

std::string brotli_compress(const std::string& data) {
  std::string out(BrotliEncoderMaxCompressedSize(data.size()), '\0');
  std::size_t out_size = out.size();
  if (!BrotliEncoderCompress(BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(), bytes_of(data),
                             &out_size, reinterpret_cast<std::uint8_t*>(out.data())))
    throw std::runtime_error("brotli compression failed");
  out.resize(out_size);
  return out;
}

std::string brotli_decompress(const std::string& data) {
  auto* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
  std::string out;
  std::vector<std::uint8_t> chunk(k_chunk_bytes);
  std::size_t available_in = data.size();
  const std::uint8_t* next_in = bytes_of(data);
  BrotliDecoderResult result = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT;
  while (result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) {
    std::size_t available_out = chunk.size();
    std::uint8_t* next_out = chunk.data();
    result = BrotliDecoderDecompressStream(state, &available_in, &next_in, &available_out, &next_out, nullptr);
    out.append(reinterpret_cast<const char*>(chunk.data()), chunk.size() - available_out);
  }
  BrotliDecoderDestroyInstance(state);
  if (result != BROTLI_DECODER_RESULT_SUCCESS || available_in != 0)
    throw std::runtime_error("not a complete brotli stream");
  return out;
}

std::string gzip_compress(const std::string& data) {
  z_stream stream{};
  if (deflateInit2(&stream, 9, Z_DEFLATED, k_gzip_window_bits, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("deflateInit2 failed");
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = const_cast<Bytef*>(bytes_of(data));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END)
    throw std::runtime_error("gzip compression failed");
  return out;
}

std::string gzip_decompress(const std::string& data) {
  z_stream stream{};
  if (inflateInit2(&stream, k_gzip_window_bits) != Z_OK)
    throw std::runtime_error("inflateInit2 failed");
  std::string out;
  std::vector<Bytef> chunk(k_chunk_bytes);
  stream.next_in = const_cast<Bytef*>(bytes_of(data));
  stream.avail_in = static_cast<uInt>(data.size());
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = chunk.data();
    stream.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(reinterpret_cast<const char*>(chunk.data()), chunk.size() - stream.avail_out);
    if (status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0)
      break; // input ended before the trailer
  }
  bool complete = status == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!complete)
    throw std::runtime_error("not a complete gzip member");
  return out;
}

} // namespace argus::testing
