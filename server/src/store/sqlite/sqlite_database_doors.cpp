// SqliteDatabase: door access control (migration 0019, docs/design/access-control.md).
#include <map>

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_event_columns =
    "SELECT e.id, e.integration_id, e.door_id, e.partner_event_id, e.time_ms, e.type, e.message, e.card_number, "
    "e.actor_json, e.controller_uuid, e.controller_name, e.command_id, e.received_ms FROM access_events e ";

AccessEventRecord event_from_row(const SqliteStatement& row) {
  AccessEventRecord event;
  event.id = row.integer(0);
  event.integration_id = row.integer(1);
  event.door_id = row.integer(2);
  event.partner_event_id = row.text(3);
  event.time_ms = row.integer(4);
  event.type = row.text(5);
  event.message = row.text(6);
  event.card_number = row.optional_text(7);
  event.actor_json = row.text(8);
  event.controller_uuid = row.text(9);
  event.controller_name = row.text(10);
  event.command_id = row.optional_text(11);
  event.received_ms = row.integer(12);
  return event;
}

std::string placeholders(std::size_t count) {
  std::string out = "(";
  for (std::size_t i = 0; i < count; ++i)
    out += i ? ", ?" : "?";
  return out + ")";
}

} // namespace

void SqliteDatabase::sync_doors(std::int64_t integration_id, const std::vector<DoorRecord>& doors) {
  std::lock_guard lock(mutex_);
  in_transaction([&] {
    connection_->prepare("UPDATE doors SET gone = 1 WHERE integration_id = ?")->bind(1, integration_id).run();
    for (const auto& door : doors) {
      connection_
          ->prepare("INSERT INTO doors (integration_id, uuid, name, location_uuid, controller_uuid, controller_name, "
                    "gone) VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT (integration_id, uuid) DO UPDATE SET "
                    "name = excluded.name, location_uuid = excluded.location_uuid, controller_uuid = "
                    "excluded.controller_uuid, controller_name = excluded.controller_name, gone = 0")
          ->bind(1, integration_id)
          .bind(2, std::string_view(door.uuid))
          .bind(3, std::string_view(door.name))
          .bind(4, std::string_view(door.location_uuid))
          .bind(5, std::string_view(door.controller_uuid))
          .bind(6, std::string_view(door.controller_name))
          .run();
    }
  });
}

std::vector<DoorRecord> SqliteDatabase::doors_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT d.id, d.integration_id, d.uuid, d.name, d.location_uuid, d.controller_uuid, d.controller_name, d.gone "
      "FROM doors d JOIN access_control_integrations i ON i.id = d.integration_id WHERE i.organization_id = ? "
      "ORDER BY d.name, d.id");
  statement->bind(1, organization_id);
  std::vector<DoorRecord> doors;
  std::map<std::int64_t, std::size_t> index_of;
  while (statement->step()) {
    index_of[statement->integer(0)] = doors.size();
    doors.push_back({statement->integer(0),
                     statement->integer(1),
                     statement->text(2),
                     statement->text(3),
                     statement->text(4),
                     statement->text(5),
                     statement->text(6),
                     statement->integer(7) != 0,
                     {}});
  }
  auto cameras =
      connection_->prepare("SELECT dc.door_id, dc.camera_id FROM door_cameras dc JOIN doors d ON d.id = dc.door_id "
                           "JOIN access_control_integrations i ON i.id = d.integration_id WHERE i.organization_id = ? "
                           "ORDER BY dc.camera_id");
  cameras->bind(1, organization_id);
  while (cameras->step()) {
    if (auto it = index_of.find(cameras->integer(0)); it != index_of.end())
      doors[it->second].camera_ids.push_back(cameras->integer(1));
  }
  return doors;
}

bool SqliteDatabase::map_door_camera(std::int64_t door_id, std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("INSERT OR IGNORE INTO door_cameras (door_id, camera_id) VALUES (?, ?)");
  statement->bind(1, door_id).bind(2, camera_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::unmap_door_camera(std::int64_t door_id, std::int64_t camera_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM door_cameras WHERE door_id = ? AND camera_id = ?");
  statement->bind(1, door_id).bind(2, camera_id).run();
  return statement->changes() > 0;
}

bool SqliteDatabase::insert_access_event(const AccessEventRecord& event) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "INSERT OR IGNORE INTO access_events (integration_id, door_id, partner_event_id, time_ms, type, message, "
      "card_number, actor_json, controller_uuid, controller_name, command_id, received_ms) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  statement->bind(1, event.integration_id)
      .bind(2, event.door_id)
      .bind(3, std::string_view(event.partner_event_id))
      .bind(4, event.time_ms)
      .bind(5, std::string_view(event.type))
      .bind(6, std::string_view(event.message))
      .bind(7, event.card_number)
      .bind(8, std::string_view(event.actor_json))
      .bind(9, std::string_view(event.controller_uuid))
      .bind(10, std::string_view(event.controller_name))
      .bind(11, event.command_id)
      .bind(12, event.received_ms)
      .run();
  return statement->changes() > 0;
}

AccessEventPage SqliteDatabase::access_events(const AccessEventQuery& query) {
  AccessEventPage page;
  if (query.door_ids.empty())
    return page;
  std::lock_guard lock(mutex_);
  auto where = "WHERE e.door_id IN " + placeholders(query.door_ids.size()) + " AND e.time_ms >= ? AND e.time_ms < ? ";
  auto bind_where = [&](SqliteStatement& statement) {
    int index = 1;
    for (auto door_id : query.door_ids)
      statement.bind(index++, door_id);
    statement.bind(index++, query.from_ms).bind(index++, query.to_ms);
    return index;
  };
  auto count = connection_->prepare("SELECT COUNT(*) FROM access_events e " + where);
  bind_where(*count);
  if (count->step())
    page.total = count->integer(0);
  const char* order = query.ascending ? "ORDER BY e.time_ms, e.id " : "ORDER BY e.time_ms DESC, e.id DESC ";
  auto statement = connection_->prepare(std::string(k_event_columns) + where + order + "LIMIT ? OFFSET ?");
  auto index = bind_where(*statement);
  statement->bind(index, query.limit).bind(index + 1, query.offset);
  while (statement->step())
    page.items.push_back(event_from_row(*statement));
  return page;
}

std::map<std::int64_t, std::int64_t> SqliteDatabase::door_retention_days(std::int64_t default_days) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("SELECT doors.id, COALESCE(MAX(cameras.retention_days), ?) FROM doors "
                                        "LEFT JOIN door_cameras ON door_cameras.door_id = doors.id "
                                        "LEFT JOIN cameras ON cameras.id = door_cameras.camera_id GROUP BY doors.id");
  statement->bind(1, default_days);
  std::map<std::int64_t, std::int64_t> days;
  while (statement->step())
    days[statement->integer(0)] = statement->integer(1);
  return days;
}

std::int64_t SqliteDatabase::delete_door_access_events_before(std::int64_t door_id, std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM access_events WHERE door_id = ? AND time_ms < ?");
  statement->bind(1, door_id).bind(2, before_ms).run();
  return statement->changes();
}

} // namespace argus::store
