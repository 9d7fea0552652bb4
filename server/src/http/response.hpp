#pragma once
// An HTTP response, free of Beast types. An in-memory body, shared pieces sent without a copy (live media), or a file
// region (static files, recorded media served as byte ranges).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "http/shared_pieces.hpp"

namespace argus::http {

struct WebSocketUpgrade;

struct FileBody {
  std::filesystem::path path;
  std::uint64_t offset_bytes = 0;
  std::optional<std::uint64_t> length_bytes; // nullopt: to the end of the file
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::optional<FileBody> file;                             // when set, replaces body
  std::optional<SharedPieces> pieces;                       // when set, replaces body: sent as they are (live media)
  std::vector<std::pair<std::string, std::string>> headers; // extra headers; Set-Cookie may repeat
  std::shared_ptr<WebSocketUpgrade> websocket;              // set: upgrade the connection (http/websocket.hpp)

  //! JSON answer with the given status.
  static Response json(const nlohmann::json& value, int status = 200);
  //! Plain-text answer.
  static Response text(std::string text, int status = 200);
  //! 204 No Content (a delete that succeeded).
  static Response no_content();
  //! The error shape every failing call uses: {"errors": [message]}.
  static Response error(int status, const std::string& message);

  void add_header(std::string name, std::string value) { headers.emplace_back(std::move(name), std::move(value)); }
};

} // namespace argus::http
