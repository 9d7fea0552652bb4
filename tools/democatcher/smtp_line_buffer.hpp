#pragma once
// Splits the bytes of an SMTP connection into lines (CRLF, or a bare LF) with a length limit: a longer line is
// reported as too long and its bytes are dropped up to its end, so memory stays bounded and the session can go on.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace argus::democatcher {

struct SmtpLine {
  std::string text;      // without the line end; "" when too_long
  bool too_long = false; // the line (with its line end) was longer than the limit
};

class SmtpLineBuffer {
public:
  //! Adds bytes read from the connection.
  void append(std::string_view bytes);
  //! The next complete line, counting its line end against max_bytes; nullopt until one is complete.
  std::optional<SmtpLine> next_line(std::size_t max_bytes);

private:
  std::string buffer_;
  std::size_t start_ = 0;   // where the next line begins in buffer_
  bool discarding_ = false; // inside a line that is already too long
};

} // namespace argus::democatcher
