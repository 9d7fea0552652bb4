#include "api/live_media_pieces.hpp"

namespace argus::api {

http::SharedPieces pieces_of(const media::SharedFragmentBytes& fragment) {
  http::SharedPieces out;
  if (!fragment)
    return out;
  out.pieces.reserve(1 + fragment->samples.size());
  fragment->for_each_piece([&out](std::span<const std::uint8_t> piece) { out.pieces.push_back(piece); });
  out.owner = fragment;
  return out;
}

http::SharedPieces pieces_of(media::LiveFileBytes file) {
  if (file.read)
    return http::SharedPieces::of(std::move(file.read));
  http::SharedPieces out;
  auto owner = std::make_shared<const media::LiveFileBytes>(std::move(file));
  for (const auto& fragment : owner->fragments)
    fragment->for_each_piece([&out](std::span<const std::uint8_t> piece) { out.pieces.push_back(piece); });
  out.owner = std::move(owner);
  return out;
}

} // namespace argus::api
