#include "http/router.hpp"

#include <array>
#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "common/error.hpp"

namespace argus::http {
namespace {

// Enough for every pattern we register; longer paths cannot match any route.
constexpr std::size_t k_max_segments = 16;

struct PathSegments {
  std::array<std::string_view, k_max_segments> items;
  std::size_t count = 0;
  bool overflow = false;
};

// "/a/b/" and "/a/b" are the same path; "/" has no segments. An empty inner segment ("//") is kept and matches nothing.
PathSegments split_path(std::string_view path) {
  PathSegments out;
  if (!path.empty() && path.front() == '/')
    path.remove_prefix(1);
  if (!path.empty() && path.back() == '/')
    path.remove_suffix(1);
  if (path.empty())
    return out;
  for (;;) {
    auto slash = path.find('/');
    if (out.count == k_max_segments) {
      out.overflow = true;
      return out;
    }
    out.items[out.count++] = path.substr(0, slash);
    if (slash == std::string_view::npos)
      return out;
    path.remove_prefix(slash + 1);
  }
}

// Length of the "/n{digits}" prefix of an API path, or 0 when the path is not one.
std::size_t base_path_length(std::string_view path) {
  if (path.size() < 3 || path[0] != '/' || path[1] != 'n')
    return 0;
  std::size_t end = 2;
  while (end < path.size() && path[end] >= '0' && path[end] <= '9')
    ++end;
  if (end == 2 || (end < path.size() && path[end] != '/'))
    return 0;
  return end;
}

} // namespace

struct Router::Route {
  struct Segment {
    std::string text; // literal text, or the parameter name
    bool is_param = false;
  };
  std::string method;
  std::string pattern;
  std::vector<Segment> segments;
  Handler handler;

  bool matches(const PathSegments& path) const {
    if (path.count != segments.size())
      return false;
    for (std::size_t i = 0; i < path.count; ++i) {
      const auto& segment = segments[i];
      if (segment.is_param ? path.items[i].empty() : path.items[i] != segment.text)
        return false;
    }
    return true;
  }
};

Router::Router() = default;
Router::~Router() = default;

void Router::add(std::string method, std::string pattern, Handler handler) {
  auto route = std::make_unique<Route>();
  auto parts = split_path(pattern);
  if (pattern.empty() || pattern.front() != '/' || parts.overflow) {
    throw std::invalid_argument("route pattern must start with '/' and have at most 16 segments: " + pattern);
  }
  for (std::size_t i = 0; i < parts.count; ++i) {
    std::string_view part = parts.items[i];
    bool is_param = part.size() > 2 && part.front() == '{' && part.back() == '}';
    if (!is_param && (part.empty() || part.find_first_of("{}") != std::string_view::npos)) {
      throw std::invalid_argument("bad route pattern segment '" + std::string(part) + "' in " + pattern);
    }
    route->segments.push_back({std::string(is_param ? part.substr(1, part.size() - 2) : part), is_param});
  }
  route->method = std::move(method);
  route->pattern = std::move(pattern);
  route->handler = std::move(handler);
  for (auto& existing : routes_) {
    if (existing->method == route->method && existing->pattern == route->pattern) {
      existing = std::move(route);
      return;
    }
  }
  routes_.push_back(std::move(route));
}

std::vector<Router::RouteName> Router::routes() const {
  std::vector<RouteName> out;
  out.reserve(routes_.size());
  for (const auto& route : routes_)
    out.push_back({route->method, route->pattern});
  return out;
}

bool Router::is_api_path(std::string_view path) {
  return base_path_length(path) != 0;
}

Response Router::dispatch(Request& request) const {
  std::size_t prefix_length = base_path_length(request.path);
  if (prefix_length == 0 || prefix_length > 11)
    return Response::error(404, "Not found");
  request.shard_id = std::stoi(request.path.substr(2, prefix_length - 2));

  auto path = split_path(std::string_view(request.path).substr(prefix_length));
  if (path.overflow)
    return Response::error(404, "Not found");

  const Route* found = nullptr;
  const Route* get_for_head = nullptr;
  std::string allow;
  for (const auto& route : routes_) {
    if (!route->matches(path))
      continue;
    if (route->method == request.method) {
      found = route.get();
      break;
    }
    if (request.method == "HEAD" && route->method == "GET")
      get_for_head = route.get();
    if (allow.find(route->method) == std::string::npos)
      allow += (allow.empty() ? "" : ", ") + route->method;
  }
  if (!found)
    found = get_for_head;
  if (!found) {
    if (allow.empty())
      return Response::error(404, "Not found");
    auto response = Response::error(405, "Method not allowed");
    response.add_header("Allow", allow);
    return response;
  }

  for (std::size_t i = 0; i < path.count; ++i) {
    if (found->segments[i].is_param)
      request.path_params[found->segments[i].text] = std::string(path.items[i]);
  }
  try {
    return found->handler(request);
  } catch (const Error& error) {
    int status = http_status_for(error.kind());
    if (status >= 500) {
      spdlog::error("{} {}: {} error: {}", request.method, request.path, kind_name(error.kind()), error.what());
    }
    auto response = Response::error(status, error.what());
    if (const auto* misdirected = dynamic_cast<const MisdirectedError*>(&error)) {
      auto body = nlohmann::json::parse(response.body);
      body["shard_id"] = misdirected->shard_id();
      response.body = body.dump();
    }
    return response;
  } catch (const nlohmann::json::parse_error&) {
    return Response::error(400, "Malformed JSON body");
  } catch (const nlohmann::json::exception& error) {
    if (!request.body.empty())
      return Response::error(400, "Invalid JSON body: missing or mistyped field");
    spdlog::error("{} {}: unexpected JSON error: {}", request.method, request.path, error.what());
    return Response::error(500, "Internal server error");
  } catch (const std::exception& error) {
    spdlog::error("{} {}: unhandled exception: {}", request.method, request.path, error.what());
    return Response::error(500, "Internal server error");
  }
}

} // namespace argus::http
