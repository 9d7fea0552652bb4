#include "media/stream_name.hpp"

#include <charconv>

namespace argus::media {
namespace {

constexpr std::string_view k_imager_infix = "-imager";

} // namespace

std::string stream_name(StreamId id) {
  std::string name = id.sub ? "sub" : "main";
  if (id.imager > 0)
    name += std::string(k_imager_infix) + std::to_string(id.imager);
  return name;
}

std::optional<StreamId> parse_stream_name(std::string_view name) {
  StreamId id;
  if (name.starts_with("main"))
    name.remove_prefix(4);
  else if (name.starts_with("sub")) {
    id.sub = true;
    name.remove_prefix(3);
  } else
    return std::nullopt;
  if (name.empty())
    return id;
  if (!name.starts_with(k_imager_infix))
    return std::nullopt;
  name.remove_prefix(k_imager_infix.size());
  // Digits only, no sign, no leading zero: one spelling per stream.
  if (name.empty() || name.front() < '1' || name.front() > '9')
    return std::nullopt;
  auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), id.imager);
  if (error != std::errc{} || end != name.data() + name.size() || id.imager >= k_max_imagers)
    return std::nullopt;
  return id;
}

} // namespace argus::media
