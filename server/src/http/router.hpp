#pragma once
// Maps (method, path pattern) to a handler. Patterns are relative to the API base path "/n{shard_id}" and use
// "{name}" for one path segment, e.g. "/n/{networkId}/manage/vision/cameras". Beast-free.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "http/request.hpp"
#include "http/response.hpp"

namespace argus::http {

using Handler = std::function<Response(Request&)>;

class Router {
public:
  Router();
  ~Router();

  //! Registers a handler; later registrations of the same method and pattern replace earlier ones.
  void add(std::string method, std::string pattern, Handler handler);

  struct RouteName {
    std::string method;
    std::string pattern;
  };
  //! Every registered (method, pattern), in registration order: the contract test compares them with
  //! docs/api/openapi.yaml.
  std::vector<RouteName> routes() const;

  //! True when the path is under the API base path "/n{digits}/..." (as opposed to a portal route or asset).
  static bool is_api_path(std::string_view path);

  //! Strips the base path into request.shard_id, matches, fills path_params and calls the handler. Unknown paths
  //! answer 404, a known path with another method 405; an argus::Error thrown by a handler becomes its status with
  //! {"errors": [...]}; any other exception becomes 500 with a generic message (details only in the log).
  Response dispatch(Request& request) const;

private:
  struct Route;
  std::vector<std::unique_ptr<Route>> routes_;
};

} // namespace argus::http
