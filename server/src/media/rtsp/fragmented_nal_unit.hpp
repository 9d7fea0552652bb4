#pragma once
// A NAL unit arriving in fragments (H.264 FU-A, H.265 FU) written straight into the access unit: a length prefix is
// reserved at the start and filled in at the end, so the fragments are copied once and never gathered elsewhere.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace argus::media::rtsp {

class FragmentedNalUnit {
public:
  //! Starts a NAL unit with its reconstructed header; false when one is already open (its end was lost).
  bool start(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> header);
  //! Appends a fragment's data; false when none is open (its start was lost).
  bool add(std::vector<std::uint8_t>& access_unit, std::span<const std::uint8_t> data);
  //! Ends it (fills in the length); false when none is open.
  bool end(std::vector<std::uint8_t>& access_unit);
  bool open() const { return open_; }
  void reset() { open_ = false; }

private:
  bool open_ = false;
  std::size_t prefix_at_ = 0;
};

} // namespace argus::media::rtsp
