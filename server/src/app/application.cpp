#include "app/application.hpp"

#include <spdlog/spdlog.h>

#include "api/api_routes.hpp"
#include "common/error.hpp"
#include "demo/demo_seeder.hpp"
#include "services/catalog.hpp"
#include "services/csrf_service.hpp"
#include "services/login_throttle.hpp"
#include "services/password_hasher.hpp"
#include "services/session_service.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus {

struct Application::Impl {
  explicit Impl(const ApplicationOptions& options)
      : data_dir(prepare_data_dir(options.data_dir)), database(data_dir / "argus.db"),
        catalog(database, services::system_now_ms), sessions(database, services::system_now_ms), csrf(database),
        throttle(services::system_now_ms), context{database, catalog, sessions, csrf, throttle, hasher, data_dir},
        demo(options.demo) {
    if (demo)
      demo::DemoSeeder(database, hasher, data_dir).seed();
  }

  static std::filesystem::path prepare_data_dir(const std::filesystem::path& dir) {
    if (dir.empty())
      throw Error(Error::Kind::invalid_input, "a data directory is required");
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error)
      throw Error(Error::Kind::unavailable, "cannot create data directory " + dir.string() + ": " + error.message());
    return dir;
  }

  std::filesystem::path data_dir;
  store::SqliteDatabase database;
  services::PasswordHasher hasher;
  services::Catalog catalog;
  services::SessionService sessions;
  services::CsrfService csrf;
  services::LoginThrottle throttle;
  api::ApiContext context;
  bool demo;
};

Application::Application(const ApplicationOptions& options) : impl_(std::make_unique<Impl>(options)) {
  spdlog::info("data directory {}", impl_->data_dir.string());
}

Application::~Application() = default;

void Application::register_routes(http::Router& router) {
  api::register_api_routes(router, impl_->context);
}

std::filesystem::path Application::demo_credentials_path() const {
  return impl_->demo ? demo::DemoSeeder::credentials_path(impl_->data_dir) : std::filesystem::path{};
}

} // namespace argus
