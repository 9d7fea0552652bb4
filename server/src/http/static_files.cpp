#include "http/static_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace argus::http {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::pair<std::string_view, std::string_view>, 17> k_content_types = {{
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json; charset=utf-8"},
    {".map", "application/json; charset=utf-8"},
    {".webmanifest", "application/manifest+json; charset=utf-8"},
    {".txt", "text/plain; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".jpeg", "image/jpeg"},
    {".webp", "image/webp"},
    {".ico", "image/x-icon"},
    {".woff2", "font/woff2"},
    {".woff", "font/woff"},
    {".ttf", "font/ttf"},
}};

constexpr std::string_view k_not_built =
    "The Argus portal is not built. Run `make build` (or `npm run build` in web/) and start argusd with "
    "--web-root web/dist.\n";

// A request path is safe when no segment is "..", it has no backslash and no NUL (percent-decoding already happened).
bool is_safe_relative(std::string_view path) {
  if (path.find('\\') != std::string_view::npos || path.find('\0') != std::string_view::npos)
    return false;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos)
      end = path.size();
    if (path.substr(start, end - start) == "..")
      return false;
    start = end + 1;
  }
  return true;
}

bool is_inside(const fs::path& root, const fs::path& candidate) {
  auto [root_end, candidate_it] = std::mismatch(root.begin(), root.end(), candidate.begin(), candidate.end());
  return root_end == root.end();
}

} // namespace

StaticFiles::StaticFiles(fs::path web_root) {
  std::error_code ec;
  if (!web_root.empty())
    root_ = fs::weakly_canonical(fs::absolute(web_root, ec), ec);
  if (ec)
    root_.clear();
}

std::string_view StaticFiles::content_type_for(const fs::path& file) {
  auto extension = file.extension().string();
  for (auto& c : extension)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [suffix, type] : k_content_types) {
    if (suffix == extension)
      return type;
  }
  return "application/octet-stream";
}

Response StaticFiles::serve(const Request& request) const {
  if (request.method != "GET" && request.method != "HEAD") {
    auto response = Response::error(405, "Method not allowed");
    response.add_header("Allow", "GET, HEAD");
    return response;
  }
  std::error_code ec;
  fs::path index = root_ / "index.html";
  if (root_.empty() || !fs::is_regular_file(index, ec))
    return Response::text(std::string(k_not_built), 404);

  std::string_view path = request.path;
  if (!is_safe_relative(path))
    return Response::text("Not found\n", 404);
  while (!path.empty() && path.front() == '/')
    path.remove_prefix(1);

  if (!path.empty()) {
    fs::path candidate = fs::weakly_canonical(root_ / fs::path(path), ec);
    if (!ec && is_inside(root_, candidate) && fs::is_regular_file(candidate, ec)) {
      return file_response(candidate, request.path);
    }
    // A missing hashed asset is a stale page or a typo; answering index.html would hide it behind a MIME error.
    if (request.path.starts_with("/assets/"))
      return Response::text("Not found\n", 404);
  }
  return file_response(index, "/index.html");
}

Response StaticFiles::file_response(const fs::path& file, std::string_view request_path) const {
  Response response;
  response.content_type = std::string(content_type_for(file));
  response.file = FileBody{file, 0, std::nullopt};
  if (request_path.starts_with("/assets/")) {
    response.add_header("Cache-Control", "public, max-age=31536000, immutable");
  } else {
    response.add_header("Cache-Control", "no-cache");
  }
  if (request_path == "/sw.js")
    response.add_header("Service-Worker-Allowed", "/");
  return response;
}

} // namespace argus::http
