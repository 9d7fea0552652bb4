#include "timestamp_sei.hpp"

#include "footage_clip.hpp"

namespace argus::camsim {

std::vector<std::uint8_t> make_timestamp_sei(std::uint64_t unix_time_us, ClipCodec codec) {
  std::vector<std::uint8_t> rbsp;
  rbsp.push_back(5);  // payload type: user_data_unregistered
  rbsp.push_back(24); // payload size: uuid + 8 bytes
  rbsp.insert(rbsp.end(), k_timestamp_sei_uuid.begin(), k_timestamp_sei_uuid.end());
  for (int shift = 56; shift >= 0; shift -= 8)
    rbsp.push_back(static_cast<std::uint8_t>(unix_time_us >> shift));
  rbsp.push_back(0x80); // rbsp_trailing_bits

  std::vector<std::uint8_t> nal = {0, 0, 0, 1, 0x06};
  if (codec == ClipCodec::h265)
    nal = {0, 0, 0, 1, 39 << 1, 1}; // prefix SEI, layer 0, temporal id 0
  int zeros = 0;
  for (std::uint8_t byte : rbsp) {
    if (zeros >= 2 && byte <= 3) {
      nal.push_back(3);
      zeros = 0;
    }
    nal.push_back(byte);
    zeros = byte == 0 ? zeros + 1 : 0;
  }
  return nal;
}

} // namespace argus::camsim
