#pragma once
// Serves the built portal (web/dist) for every non-API path: files with their content types and cache policy, and
// index.html for client-side routes (SPA fallback). A file's ".br" / ".gz" sibling, written by the portal's build, is
// sent instead when Accept-Encoding allows it (Content-Encoding, Vary); Range requests get the file itself (identity).
// Hashed assets are cached for a year, everything else revalidated. Beast-free; the session streams FileBody answers
// from disk.
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>

#include "http/accept_encoding.hpp"

#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::http {

class StaticFiles {
public:
  //! web_root may be empty (no portal: every request answers 404 with a hint). on_page_load, when set, is called
  //! each time a GET answers with the portal's page (index.html): a user is opening the portal.
  explicit StaticFiles(std::filesystem::path web_root, std::function<void()> on_page_load = nullptr);

  //! Answers a GET/HEAD for a non-API path; other methods answer 405.
  Response serve(const Request& request) const;

  //! Content type for a file name by its extension ("application/octet-stream" when unknown).
  static std::string_view content_type_for(const std::filesystem::path& file);

private:
  Response file_response(const std::filesystem::path& file, std::string_view request_path,
                         const Request& request) const;
  //! file + ".br" / ".gz" when that is a regular file inside the root.
  std::optional<std::filesystem::path> encoded_sibling(const std::filesystem::path& file, ContentCoding coding) const;

  std::filesystem::path root_; // canonical, or empty
  std::function<void()> on_page_load_;
};

} // namespace argus::http
