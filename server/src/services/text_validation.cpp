#include "services/text_validation.hpp"

#include "common/error.hpp"

namespace argus::services {

std::string_view trim_blanks(std::string_view text) {
  auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos)
    return {};
  auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::optional<std::size_t> printable_length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    std::size_t extra = byte < 0x80 ? 0 : (byte >> 5) == 0x6 ? 1 : (byte >> 4) == 0xe ? 2 : (byte >> 3) == 0x1e ? 3 : 9;
    if (extra == 9 || i + extra >= text.size())
      return std::nullopt;
    if (byte < 0x20 || byte == 0x7f)
      return std::nullopt;
    for (std::size_t k = 1; k <= extra; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80)
        return std::nullopt;
    }
    i += extra + 1;
    ++count;
  }
  return count;
}

std::string validate_text(std::string_view field, std::string_view value, std::size_t max_length,
                          std::size_t min_length) {
  auto trimmed = trim_blanks(value);
  auto length = printable_length(trimmed);
  if (!length)
    throw Error(Error::Kind::invalid_input, std::string(field) + " must not contain control characters");
  if (*length < min_length || *length > max_length) {
    throw Error(Error::Kind::invalid_input, std::string(field) + " must be " + (min_length > 0 ? "1 to " : "at most ") +
                                                std::to_string(max_length) + " characters");
  }
  return std::string(trimmed);
}

} // namespace argus::services
