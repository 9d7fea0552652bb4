#include "http/static_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

#include "http/accept_encoding.hpp"
#include "http/byte_range.hpp"

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

// Vite names the files it emits under assets/ "name-hash.ext" (web/vite.config.ts), the hash being 8 characters of
// [A-Za-z0-9_-]. Only those may be cached for a year: another file there could change under the same name.
constexpr std::size_t k_asset_hash_length = 8;

bool is_hash_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

bool is_hashed_asset(std::string_view request_path) {
  if (!request_path.starts_with("/assets/"))
    return false;
  auto name = request_path.substr(request_path.rfind('/') + 1);
  auto stem = name.substr(0, name.find('.'));
  if (stem.size() <= k_asset_hash_length || stem[stem.size() - k_asset_hash_length - 1] != '-')
    return false;
  auto hash = stem.substr(stem.size() - k_asset_hash_length);
  return std::all_of(hash.begin(), hash.end(), is_hash_character);
}

// A missing path that names a build output gets 404: index.html in its place would hide the error behind a MIME
// error (a stale page's asset), answer a source map request with HTML, or give the browser HTML as the service worker
// script or as the update check's version.json.
bool names_build_output(std::string_view request_path) {
  return request_path.starts_with("/assets/") || request_path.ends_with(".map") || request_path == "/sw.js" ||
         request_path == "/version.json";
}

} // namespace

StaticFiles::StaticFiles(fs::path web_root, std::function<void()> on_page_load)
    : on_page_load_(std::move(on_page_load)) {
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
      return file_response(candidate, request.path, request);
    }
    if (names_build_output(request.path))
      return Response::text("Not found\n", 404);
  }
  if (on_page_load_ && request.method == "GET")
    on_page_load_();
  return file_response(index, "/index.html", request);
}

std::optional<fs::path> StaticFiles::encoded_sibling(const fs::path& file, ContentCoding coding) const {
  auto sibling = fs::path(file).concat(coding == ContentCoding::br ? ".br" : ".gz");
  std::error_code ec;
  auto canonical = fs::weakly_canonical(sibling, ec);
  if (ec || !is_inside(root_, canonical) || !fs::is_regular_file(canonical, ec))
    return std::nullopt;
  return canonical;
}

Response StaticFiles::file_response(const fs::path& file, std::string_view request_path, const Request& request) const {
  auto content_type = std::string(content_type_for(file));
  std::vector<std::pair<ContentCoding, fs::path>> encoded; // the server's order of preference
  std::vector<ContentCoding> available;
  for (auto coding : {ContentCoding::br, ContentCoding::gzip}) {
    if (auto sibling = encoded_sibling(file, coding)) {
      encoded.emplace_back(coding, *sibling);
      available.push_back(coding);
    }
  }

  Response response;
  auto range = request.header("range");
  if (!range.empty()) {
    // A range selects bytes of the file as it is (identity): a compressed representation's bytes would be useless
    // to a client that resumes or seeks.
    std::error_code ec;
    auto size_bytes = fs::file_size(file, ec);
    if (ec)
      return Response::text("Not found\n", 404);
    response = file_range_response(file, size_bytes, range, content_type);
  } else {
    response.content_type = content_type;
    response.file = FileBody{file, 0, std::nullopt};
    auto coding = choose_content_coding(request.header("accept-encoding"), available);
    for (const auto& [sibling_coding, sibling] : encoded) {
      if (sibling_coding == coding) {
        response.file = FileBody{sibling, 0, std::nullopt};
        response.add_header("Content-Encoding", std::string(content_coding_token(coding)));
      }
    }
  }
  if (!encoded.empty())
    response.add_header("Vary", "Accept-Encoding");
  if (response.status != 200 && response.status != 206)
    return response;
  response.add_header("Cache-Control",
                      is_hashed_asset(request_path) ? "public, max-age=31536000, immutable" : "no-cache");
  if (request_path == "/sw.js")
    response.add_header("Service-Worker-Allowed", "/");
  return response;
}

} // namespace argus::http
