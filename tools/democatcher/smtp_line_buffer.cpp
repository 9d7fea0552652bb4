#include "smtp_line_buffer.hpp"

namespace argus::democatcher {

void SmtpLineBuffer::append(std::string_view bytes) {
  buffer_.erase(0, start_); // the lines already handed out
  start_ = 0;
  buffer_.append(bytes);
}

std::optional<SmtpLine> SmtpLineBuffer::next_line(std::size_t max_bytes) {
  auto end = buffer_.find('\n', start_);
  if (end == std::string::npos) {
    if (buffer_.size() - start_ >= max_bytes) {
      discarding_ = true;
      buffer_.clear();
      start_ = 0;
    }
    return std::nullopt;
  }
  SmtpLine line;
  line.too_long = discarding_ || end + 1 - start_ > max_bytes;
  if (!line.too_long) {
    line.text = buffer_.substr(start_, end - start_);
    if (!line.text.empty() && line.text.back() == '\r')
      line.text.pop_back();
  }
  start_ = end + 1;
  discarding_ = false;
  return line;
}

} // namespace argus::democatcher
