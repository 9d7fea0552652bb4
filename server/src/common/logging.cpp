#include "common/logging.hpp"

#include <array>
#include <memory>
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"

namespace argus {

void setup_logging(std::string_view level_name) {
  static constexpr std::array<std::string_view, 7> k_levels = {"trace", "debug",    "info", "warn",
                                                               "error", "critical", "off"};
  bool known = false;
  for (auto level : k_levels) {
    known = known || level == level_name;
  }
  if (!known) {
    throw Error(Error::Kind::invalid_input,
                "unknown log level '" + std::string(level_name) + "' (trace, debug, info, warn, error, critical, off)");
  }
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  auto logger = std::make_shared<spdlog::logger>("argusd", std::move(sink));
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%l%$ [%t] %v");
  logger->set_level(spdlog::level::from_str(std::string(level_name)));
  logger->flush_on(spdlog::level::warn);
  spdlog::set_default_logger(std::move(logger));
}

} // namespace argus
