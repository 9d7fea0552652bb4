// SqliteDatabase: the portal's motion search telemetry (migrations 0004 and 0022), written by
// services::TelemetryWriter and summarized for administrators (docs/design/search.md "Motion search telemetry").

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

std::optional<std::int64_t> optional_bool(const std::optional<bool>& value) {
  if (!value)
    return std::nullopt;
  return *value ? 1 : 0;
}

} // namespace

void SqliteDatabase::insert_motion_telemetry(const std::vector<MotionTelemetryRecord>& events) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    for (const auto& event : events) {
      auto statement = connection_->prepare(
          "INSERT INTO motion_search_telemetry (received_ms, user_id, organization_id, client_name, client_version, "
          "camera_id, network_id, search_duration, result_count, with_people, with_vehicles, with_nightmode, "
          "include_attributes, feature, event_id, start_time, end_time) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      statement->bind(1, event.received_ms)
          .bind(2, event.user_id)
          .bind(3, event.organization_id)
          .bind(4, std::string_view(event.client_name))
          .bind(5, std::string_view(event.client_version))
          .bind(6, event.camera_id)
          .bind(7, event.network_id);
      auto bind_real = [&](int index, const std::optional<double>& value) {
        if (value)
          statement->bind(index, *value);
        else
          statement->bind(index, std::optional<std::int64_t>{});
      };
      bind_real(8, event.search_duration);
      statement->bind(9, event.result_count)
          .bind(10, optional_bool(event.with_people))
          .bind(11, optional_bool(event.with_vehicles))
          .bind(12, optional_bool(event.with_nightmode))
          .bind(13, optional_bool(event.include_attributes))
          .bind(14, event.feature)
          .bind(15, event.event_id);
      bind_real(16, event.start_time);
      bind_real(17, event.end_time);
      statement->run();
    }
  });
}

std::int64_t SqliteDatabase::count_motion_telemetry() {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT COUNT(*) FROM motion_search_telemetry");
  statement->step();
  return statement->integer(0);
}

std::vector<MotionTelemetrySample> SqliteDatabase::motion_telemetry_since(std::int64_t organization_id,
                                                                          std::int64_t since_ms, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT received_ms, user_id, search_duration, result_count, feature FROM motion_search_telemetry "
      "WHERE organization_id = ? AND received_ms >= ? ORDER BY received_ms LIMIT ?");
  statement->bind(1, organization_id).bind(2, since_ms).bind(3, limit);
  std::vector<MotionTelemetrySample> samples;
  while (statement->step()) {
    MotionTelemetrySample sample;
    sample.received_ms = statement->integer(0);
    sample.user_id = statement->integer(1);
    if (!statement->is_null(2))
      sample.search_duration = statement->real(2);
    sample.result_count = statement->optional_integer(3);
    sample.feature = statement->optional_text(4);
    samples.push_back(std::move(sample));
  }
  return samples;
}

std::int64_t SqliteDatabase::delete_motion_telemetry_before(std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM motion_search_telemetry WHERE received_ms < ?");
  statement->bind(1, before_ms).run();
  return statement->changes();
}

} // namespace argus::store
