#include "media/chunk_file.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "common/error.hpp"
#include "media/fragment_bytes.hpp"

namespace argus::media {
namespace {

// No room (ENOSPC and kin) is a StorageFullError, so that the recorder can tell "storage full" from other failures.
[[noreturn]] void throw_errno(int error_number, const std::string& message) {
  if (is_no_space_errno(error_number))
    throw StorageFullError(message + ": " + std::strerror(error_number));
  throw Error(Error::Kind::unavailable, message + ": " + std::strerror(error_number));
}

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path) {
  throw_errno(errno, what + " " + path.string());
}

} // namespace

ChunkFile::ChunkFile(const std::filesystem::path& path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0)
    fail("cannot open", path);
  struct stat st {};
  if (::fstat(fd_, &st) == 0)
    size_ = static_cast<std::uint64_t>(st.st_size);
}

ChunkFile::~ChunkFile() {
  if (fd_ >= 0)
    ::close(fd_);
}

std::uint64_t ChunkFile::append(std::span<const std::uint8_t> bytes) {
  return append_pieces({iovec{const_cast<std::uint8_t*>(bytes.data()), bytes.size()}});
}

std::uint64_t ChunkFile::append(const FragmentBytes& fragment) {
  std::vector<iovec> pieces;
  pieces.reserve(1 + fragment.samples.size());
  fragment.for_each_piece([&pieces](std::span<const std::uint8_t> piece) {
    if (!piece.empty())
      pieces.push_back({const_cast<std::uint8_t*>(piece.data()), piece.size()});
  });
  return append_pieces(std::move(pieces));
}

std::uint64_t ChunkFile::append_pieces(std::vector<iovec> pieces) {
  auto offset = size_;
  std::uint64_t total = 0;
  for (const auto& piece : pieces)
    total += piece.iov_len;
  std::size_t next = 0; // first piece not completely written
  while (next < pieces.size()) {
    auto count = std::min<std::size_t>(pieces.size() - next, IOV_MAX);
    auto n = ::writev(fd_, pieces.data() + next, static_cast<int>(count));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int error_number = n < 0 ? errno : ENOSPC; // a write of 0 bytes: no room
      // Leave no partial fragment behind: the next append must start on a box boundary.
      if (::ftruncate(fd_, static_cast<off_t>(offset)) != 0) {
      }
      throw_errno(error_number, "cannot write chunk");
    }
    // Skip what was written; a short write leaves the rest of a piece for the next call.
    auto written = static_cast<std::size_t>(n);
    while (next < pieces.size() && written >= pieces[next].iov_len)
      written -= pieces[next++].iov_len;
    if (written > 0) {
      pieces[next].iov_base = static_cast<std::uint8_t*>(pieces[next].iov_base) + written;
      pieces[next].iov_len -= written;
    }
  }
  size_ += total;
  return offset;
}

std::optional<std::vector<std::uint8_t>> read_chunk_range(const std::filesystem::path& path, std::uint64_t offset_bytes,
                                                          std::uint64_t size_bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  std::vector<std::uint8_t> bytes(size_bytes);
  std::size_t done = 0;
  while (done < bytes.size()) {
    auto n = ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset_bytes + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (done < bytes.size())
    return std::nullopt;
  return bytes;
}

void ChunkFile::sync() {
  if (fd_ >= 0)
    ::fdatasync(fd_);
}

int ChunkFile::release() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

ChunkTail heal_chunk_tail(const std::filesystem::path& path, std::uint64_t offset) {
  ChunkTail tail;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(Error::Kind::unavailable, "cannot read " + path.string());
  in.seekg(0, std::ios::end);
  tail.file_size = static_cast<std::uint64_t>(in.tellg());
  tail.valid_size = std::min(offset, tail.file_size);
  if (tail.file_size <= offset)
    return tail;
  std::vector<std::uint8_t> bytes(tail.file_size - offset);
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  std::uint64_t valid = 0;
  tail.fragments = read_fragments(bytes, &valid);
  for (auto& fragment : tail.fragments)
    fragment.offset += offset;
  tail.valid_size = offset + valid;
  if (tail.valid_size < tail.file_size) {
    std::error_code error;
    std::filesystem::resize_file(path, tail.valid_size, error);
    if (error)
      throw Error(Error::Kind::unavailable, "cannot truncate " + path.string() + ": " + error.message());
  }
  return tail;
}

} // namespace argus::media
