#include "store/export_records.hpp"

#include <array>
#include <utility>

namespace argus::store {
namespace {

constexpr std::array<std::pair<ExportState, const char*>, 5> k_names{{
    {ExportState::queued, "queued"},
    {ExportState::running, "running"},
    {ExportState::complete, "complete"},
    {ExportState::failed, "failed"},
    {ExportState::cancelled, "cancelled"},
}};

} // namespace

const char* export_state_name(ExportState state) {
  for (const auto& [value, name] : k_names)
    if (value == state)
      return name;
  return "failed";
}

std::optional<ExportState> export_state_from(std::string_view name) {
  for (const auto& [value, text] : k_names)
    if (name == text)
      return value;
  return std::nullopt;
}

} // namespace argus::store
