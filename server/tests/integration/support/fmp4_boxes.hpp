#pragma once
// Reading what a live fMP4 fragment (moof+mdat) says without a demuxer, for tests that compare timelines.
#include <cstdint>
#include <string>

namespace argus::testing {

//! count big-endian bytes of `bytes` at `at` as an unsigned number.
std::uint64_t read_big_endian(const std::string& bytes, std::size_t at, int count);
//! The type of the first box ("ftyp", "moof", ...), empty when shorter than a box header.
std::string box_type(const std::string& bytes);
//! The tfdt (90 kHz, wall-clock anchored) of a moof+mdat fragment, or -1.
std::int64_t fragment_tfdt_90k(const std::string& fragment);

} // namespace argus::testing
