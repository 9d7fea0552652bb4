// libFuzzer target: arbitrary bytes through the byte parsers of media/ that read what cameras and disks hand us
// (fuzz/README.md), none of which needs FFmpeg:
//   parse_sps (H.264 and H.265, on the input and on each of its Annex-B NAL units), the Annex-B / length-prefixed /
//   avcC / hvcC helpers of bitstream.hpp, the RFC 6381 codec strings read from avcC / hvcC extradata and an AAC
//   AudioSpecificConfig (StreamInfo::codec_string), and the fMP4 reader (read_box_header, read_boxes, read_fragments)
//   that crash recovery runs on recordings torn at any byte.
// The few invariants below abort when broken.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "fuzz_check.hpp"
#include "media/bitstream.hpp"
#include "media/fmp4_reader.hpp"
#include "media/media_types.hpp"
#include "media/sps_parser.hpp"

namespace {

using namespace argus::media;

bool inside(std::span<const std::uint8_t> part, std::span<const std::uint8_t> whole) {
  return part.empty() || (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
}

void check_sps(VideoCodec codec, std::span<const std::uint8_t> nal) {
  if (auto sps = parse_sps(codec, nal)) {
    FUZZ_CHECK(sps->width >= 0 && sps->height >= 0);
    FUZZ_CHECK(!sps->max_reorder_frames || *sps->max_reorder_frames >= 0);
  }
}

void check_codec(VideoCodec codec, std::span<const std::uint8_t> bytes) {
  check_sps(codec, bytes);
  for (auto nal : split_annex_b(bytes)) {
    FUZZ_CHECK(inside(nal, bytes));
    check_sps(codec, nal);
  }
  for (auto nal : split_length_prefixed(bytes))
    FUZZ_CHECK(inside(nal, bytes));
  for (auto nal : parameter_sets_in_access_unit(codec, bytes))
    FUZZ_CHECK(inside(nal, bytes));
  (void)config_from_access_unit(codec, bytes);
  for (auto nal : parameter_sets_in_config(codec, bytes)) {
    FUZZ_CHECK(inside(nal, bytes));
    check_sps(codec, nal);
  }
  (void)contains_keyframe(codec, bytes);

  StreamInfo info;
  info.codec = codec;
  info.extradata.assign(bytes.begin(), bytes.end());
  info.audio = AudioTrack{48'000, 1, info.extradata};
  FUZZ_CHECK(!info.codec_string().empty());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);

  check_codec(VideoCodec::h264, bytes);
  check_codec(VideoCodec::h265, bytes);
  (void)is_annex_b(bytes);
  auto length_prefixed = annex_b_to_length_prefixed(bytes);
  (void)split_length_prefixed(length_prefixed);
  auto avcc = avcc_from_annex_b(bytes);
  (void)parameter_sets_in_config(VideoCodec::h264, avcc);
  auto hvcc = hvcc_from_annex_b(bytes);
  (void)parameter_sets_in_config(VideoCodec::h265, hvcc);

  if (auto header = read_box_header(bytes)) {
    FUZZ_CHECK(header->header_size == 8 || header->header_size == 16);
  }
  std::uint64_t end = 0;
  for (const auto& box : read_boxes(bytes)) {
    FUZZ_CHECK(box.size >= box.header_size);
    end += box.size;
    FUZZ_CHECK(end <= size);
  }
  std::uint64_t valid_bytes = 0;
  for (const auto& fragment : read_fragments(bytes, &valid_bytes))
    FUZZ_CHECK(fragment.offset + fragment.size <= valid_bytes);
  FUZZ_CHECK(valid_bytes <= size);
  return 0;
}
