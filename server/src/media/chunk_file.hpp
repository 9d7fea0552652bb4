#pragma once
// One chunk file open for appending fMP4 fragments (plain write(2), no fsync per fragment; sync() before close on
// roll-over), plus the crash-recovery scan of a chunk's tail.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <sys/uio.h>
#include <vector>

#include "media/fmp4_reader.hpp"

namespace argus::media {

struct FragmentBytes;

class ChunkFile {
public:
  //! Opens (creating) path for appending. Throws Error(unavailable).
  explicit ChunkFile(const std::filesystem::path& path);
  ChunkFile(const ChunkFile&) = delete;
  ChunkFile& operator=(const ChunkFile&) = delete;
  ~ChunkFile();

  //! Appends bytes; returns the offset they were written at. Throws Error(unavailable) (e.g. disk full).
  std::uint64_t append(std::span<const std::uint8_t> bytes);
  //! Appends a fragment's head and samples with one gather write (writev; more only past IOV_MAX pieces or after a
  //! short write): the same bytes as append(fragment.contiguous()) without building them. Same errors and offset.
  std::uint64_t append(const FragmentBytes& fragment);
  //! fdatasync.
  void sync();
  //! Bytes in the file.
  std::uint64_t size() const { return size_; }
  //! Releases the descriptor to the caller (who must close it); the object is then empty.
  int release();

private:
  std::uint64_t append_pieces(std::vector<iovec> pieces);

  int fd_ = -1;
  std::uint64_t size_ = 0;
};

struct ChunkTail {
  std::vector<ParsedFragment> fragments; // complete fragments past the scanned offset (offsets are absolute)
  std::uint64_t valid_size = 0;          // where the well-formed data ends; the file is truncated there
  std::uint64_t file_size = 0;           // before truncation
};

//! Exactly size_bytes of path from offset_bytes (pread), or nullopt when the file is missing or shorter.
std::optional<std::vector<std::uint8_t>> read_chunk_range(const std::filesystem::path& path, std::uint64_t offset_bytes,
                                                          std::uint64_t size_bytes);

//! Parses the fragments of path from offset on and truncates a torn tail. Throws Error(unavailable).
ChunkTail heal_chunk_tail(const std::filesystem::path& path, std::uint64_t offset);

} // namespace argus::media
