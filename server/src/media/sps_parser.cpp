#include "media/sps_parser.hpp"

#include <vector>

#include "media/bit_reader.hpp"

namespace argus::media {
namespace {

//! H.264's max_num_reorder_frames and H.265's sps_max_num_reorder_pics never exceed the decoded picture buffer, at most
//! 16 frames: a larger count is a malformed SPS (before, it came out of the cast negative: fuzz/crashes).
constexpr std::uint32_t k_max_reorder_frames = 16;

std::vector<std::uint8_t> unescape(std::span<const std::uint8_t> nal) {
  std::vector<std::uint8_t> out;
  out.reserve(nal.size());
  int zeros = 0;
  for (auto byte : nal) {
    if (zeros >= 2 && byte == 3) {
      zeros = 0;
      continue;
    }
    zeros = byte == 0 ? zeros + 1 : 0;
    out.push_back(byte);
  }
  return out;
}

void skip_h264_scaling_list(BitReader& in, int size) {
  int last = 8, next = 8;
  for (int j = 0; j < size && !in.failed(); ++j) {
    if (next != 0) {
      auto code = in.ue(); // se(v): 1 → +1, 2 → -1, ...
      int delta = (code & 1) ? static_cast<int>((code + 1) / 2) : -static_cast<int>(code / 2);
      next = (last + delta % 256 + 256) % 256;
    }
    last = next == 0 ? last : next;
  }
}

void skip_h264_hrd(BitReader& in) {
  auto cpb_count = in.ue() + 1;
  in.skip(8); // bit_rate_scale, cpb_size_scale
  for (std::uint32_t i = 0; i < cpb_count && i < 32 && !in.failed(); ++i) {
    in.ue();
    in.ue();
    in.skip(1);
  }
  in.skip(20); // four 5-bit lengths
}

// Profiles whose SPS carries chroma_format_idc, bit depths and scaling matrices (High and above).
bool has_chroma_format(std::uint32_t profile) {
  for (std::uint32_t listed : {100u, 110u, 122u, 244u, 44u, 83u, 86u, 118u, 128u, 138u, 139u, 134u, 135u}) {
    if (profile == listed)
      return true;
  }
  return false;
}

// Rec. ITU-T H.264 7.3.2.1.1 and E.1.1.
std::optional<SequenceParameters> parse_h264(const std::vector<std::uint8_t>& rbsp) {
  BitReader in(rbsp);
  in.skip(8); // NAL header
  auto profile = in.bits(8);
  in.skip(16); // constraint flags, level
  in.ue();     // seq_parameter_set_id
  std::uint32_t chroma_format = 1;
  bool separate_planes = false;
  if (has_chroma_format(profile)) {
    chroma_format = in.ue();
    if (chroma_format == 3)
      separate_planes = in.flag();
    in.ue(); // bit depths
    in.ue();
    in.skip(1);
    if (in.flag()) {
      for (int i = 0; i < (chroma_format != 3 ? 8 : 12) && !in.failed(); ++i) {
        if (in.flag())
          skip_h264_scaling_list(in, i < 6 ? 16 : 64);
      }
    }
  }
  in.ue(); // log2_max_frame_num_minus4
  auto poc_type = in.ue();
  if (poc_type == 0) {
    in.ue();
  } else if (poc_type == 1) {
    in.skip(1);
    in.se();
    in.se();
    auto cycle = in.ue();
    for (std::uint32_t i = 0; i < cycle && i < 256 && !in.failed(); ++i)
      in.se();
  }
  in.ue();    // max_num_ref_frames
  in.skip(1); // gaps_in_frame_num_value_allowed_flag
  auto width_mbs = in.ue() + 1;
  auto height_map_units = in.ue() + 1;
  bool frame_mbs_only = in.flag();
  if (!frame_mbs_only)
    in.skip(1);
  in.skip(1); // direct_8x8_inference_flag
  std::uint32_t crop[4] = {0, 0, 0, 0};
  if (in.flag()) {
    for (auto& offset : crop)
      offset = in.ue();
  }
  std::uint32_t chroma_array_type = separate_planes ? 0 : chroma_format;
  std::uint32_t crop_x = chroma_array_type == 0 || chroma_array_type == 3 ? 1 : 2;
  std::uint32_t crop_y = (chroma_array_type == 1 ? 2 : 1) * (frame_mbs_only ? 1 : 2);
  SequenceParameters out;
  out.width = static_cast<int>(width_mbs * 16 - crop_x * (crop[0] + crop[1]));
  out.height = static_cast<int>((frame_mbs_only ? 1 : 2) * height_map_units * 16 - crop_y * (crop[2] + crop[3]));
  if (profile == 66)
    out.max_reorder_frames = 0;         // Baseline has no B slices
  if (in.flag()) {                      // vui_parameters_present_flag
    if (in.flag() && in.bits(8) == 255) // aspect_ratio_info_present_flag, aspect_ratio_idc == Extended_SAR
      in.skip(32);
    if (in.flag())
      in.skip(1);    // overscan
    if (in.flag()) { // video_signal_type
      in.skip(4);
      if (in.flag())
        in.skip(24);
    }
    if (in.flag()) { // chroma_loc_info
      in.ue();
      in.ue();
    }
    if (in.flag())
      in.skip(65); // timing_info: num_units_in_tick, time_scale, fixed_frame_rate_flag
    bool nal_hrd = in.flag();
    if (nal_hrd)
      skip_h264_hrd(in);
    bool vcl_hrd = in.flag();
    if (vcl_hrd)
      skip_h264_hrd(in);
    if (nal_hrd || vcl_hrd)
      in.skip(1);    // low_delay_hrd_flag
    in.skip(1);      // pic_struct_present_flag
    if (in.flag()) { // bitstream_restriction_flag
      in.skip(1);
      for (int i = 0; i < 4; ++i)
        in.ue();
      auto reorder = in.ue();
      if (reorder > k_max_reorder_frames)
        return std::nullopt;
      out.max_reorder_frames = static_cast<int>(reorder);
      in.ue(); // max_dec_frame_buffering
    }
  }
  if (in.failed() || out.width <= 0 || out.height <= 0)
    return std::nullopt;
  return out;
}

void skip_h265_profile_tier_level(BitReader& in, std::uint32_t max_sub_layers_minus1) {
  in.skip(96); // general profile space ... general_level_idc
  bool profile_present[8] = {}, level_present[8] = {};
  for (std::uint32_t i = 0; i < max_sub_layers_minus1; ++i) {
    profile_present[i] = in.flag();
    level_present[i] = in.flag();
  }
  if (max_sub_layers_minus1 > 0) {
    for (std::uint32_t i = max_sub_layers_minus1; i < 8; ++i)
      in.skip(2);
  }
  for (std::uint32_t i = 0; i < max_sub_layers_minus1; ++i) {
    if (profile_present[i])
      in.skip(88);
    if (level_present[i])
      in.skip(8);
  }
}

// Rec. ITU-T H.265 7.3.2.2.1.
std::optional<SequenceParameters> parse_h265(const std::vector<std::uint8_t>& rbsp) {
  BitReader in(rbsp);
  in.skip(16); // NAL header
  in.skip(4);  // sps_video_parameter_set_id
  auto max_sub_layers_minus1 = in.bits(3);
  in.skip(1); // sps_temporal_id_nesting_flag
  if (max_sub_layers_minus1 > 6)
    return std::nullopt;
  skip_h265_profile_tier_level(in, max_sub_layers_minus1);
  in.ue(); // sps_seq_parameter_set_id
  auto chroma_format = in.ue();
  bool separate_planes = chroma_format == 3 && in.flag();
  auto width = in.ue();
  auto height = in.ue();
  std::uint32_t conformance[4] = {0, 0, 0, 0};
  if (in.flag()) {
    for (auto& offset : conformance)
      offset = in.ue();
  }
  std::uint32_t chroma_array_type = separate_planes ? 0 : chroma_format;
  std::uint32_t sub_width = chroma_array_type == 1 || chroma_array_type == 2 ? 2 : 1;
  std::uint32_t sub_height = chroma_array_type == 1 ? 2 : 1;
  in.ue(); // bit depths
  in.ue();
  in.ue(); // log2_max_pic_order_cnt_lsb_minus4
  bool ordering_for_every_layer = in.flag();
  std::uint32_t reorder = 0;
  for (auto i = ordering_for_every_layer ? 0 : max_sub_layers_minus1; i <= max_sub_layers_minus1; ++i) {
    in.ue(); // sps_max_dec_pic_buffering_minus1
    reorder = in.ue();
    in.ue(); // sps_max_latency_increase_plus1
  }
  SequenceParameters out;
  out.width = static_cast<int>(width - sub_width * (conformance[0] + conformance[1]));
  out.height = static_cast<int>(height - sub_height * (conformance[2] + conformance[3]));
  if (reorder > k_max_reorder_frames)
    return std::nullopt;
  out.max_reorder_frames = static_cast<int>(reorder); // of the highest sub-layer: the whole stream
  if (in.failed() || out.width <= 0 || out.height <= 0)
    return std::nullopt;
  return out;
}

} // namespace

std::optional<SequenceParameters> parse_sps(VideoCodec codec, std::span<const std::uint8_t> nal) {
  if (nal.size() < 4)
    return std::nullopt;
  if (codec == VideoCodec::h264 ? (nal[0] & 0x1f) != 7 : ((nal[0] >> 1) & 0x3f) != 33)
    return std::nullopt;
  auto rbsp = unescape(nal);
  return codec == VideoCodec::h264 ? parse_h264(rbsp) : parse_h265(rbsp);
}

} // namespace argus::media
