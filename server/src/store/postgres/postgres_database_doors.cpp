// PostgresDatabase: door access control (migration 0019, docs/design/access-control.md): the SQL of
// sqlite_database_doors.cpp ("INSERT OR IGNORE" becomes "ON CONFLICT DO NOTHING").
#include <algorithm>

#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_event_columns =
    "SELECT e.id, e.integration_id, e.door_id, e.partner_event_id, e.time_ms, e.type, e.message, e.card_number, "
    "e.actor_json, e.controller_uuid, e.controller_name, e.command_id, e.received_ms FROM access_events e ";

AccessEventRecord read_event(const PgResult& rows, int i) {
  AccessEventRecord event;
  event.id = rows.integer(i, 0);
  event.integration_id = rows.integer(i, 1);
  event.door_id = rows.integer(i, 2);
  event.partner_event_id = rows.text(i, 3);
  event.time_ms = rows.integer(i, 4);
  event.type = rows.text(i, 5);
  event.message = rows.text(i, 6);
  event.card_number = rows.optional_text(i, 7);
  event.actor_json = rows.text(i, 8);
  event.controller_uuid = rows.text(i, 9);
  event.controller_name = rows.text(i, 10);
  event.command_id = rows.optional_text(i, 11);
  event.received_ms = rows.integer(i, 12);
  return event;
}

} // namespace

void PostgresDatabase::sync_doors(std::int64_t integration_id, const std::vector<DoorRecord>& doors) {
  in_transaction([&] {
    auto db = session();
    db->exec("UPDATE doors SET gone = 1 WHERE integration_id = $1", {integration_id});
    for (const auto& door : doors) {
      db->exec("INSERT INTO doors (integration_id, uuid, name, location_uuid, controller_uuid, controller_name, gone) "
               "VALUES ($1, $2, $3, $4, $5, $6, 0) ON CONFLICT (integration_id, uuid) DO UPDATE SET "
               "name = excluded.name, location_uuid = excluded.location_uuid, "
               "controller_uuid = excluded.controller_uuid, controller_name = excluded.controller_name, gone = 0",
               {integration_id, door.uuid, door.name, door.location_uuid, door.controller_uuid, door.controller_name});
    }
  });
}

std::vector<DoorRecord> PostgresDatabase::doors_of_organization(std::int64_t organization_id) {
  auto db = session();
  auto rows = db->exec(
      "SELECT d.id, d.integration_id, d.uuid, d.name, d.location_uuid, d.controller_uuid, d.controller_name, d.gone "
      "FROM doors d JOIN access_control_integrations i ON i.id = d.integration_id WHERE i.organization_id = $1 "
      "ORDER BY d.name, d.id",
      {organization_id});
  std::vector<DoorRecord> doors;
  std::map<std::int64_t, std::size_t> index_of;
  for (int i = 0; i < rows.size(); ++i) {
    index_of[rows.integer(i, 0)] = doors.size();
    doors.push_back({rows.integer(i, 0),
                     rows.integer(i, 1),
                     rows.text(i, 2),
                     rows.text(i, 3),
                     rows.text(i, 4),
                     rows.text(i, 5),
                     rows.text(i, 6),
                     rows.boolean(i, 7),
                     {}});
  }
  auto cameras = db->exec("SELECT dc.door_id, dc.camera_id FROM door_cameras dc JOIN doors d ON d.id = dc.door_id "
                          "JOIN access_control_integrations i ON i.id = d.integration_id WHERE i.organization_id = $1 "
                          "ORDER BY dc.camera_id",
                          {organization_id});
  for (int i = 0; i < cameras.size(); ++i) {
    if (auto it = index_of.find(cameras.integer(i, 0)); it != index_of.end())
      doors[it->second].camera_ids.push_back(cameras.integer(i, 1));
  }
  return doors;
}

bool PostgresDatabase::map_door_camera(std::int64_t door_id, std::int64_t camera_id) {
  auto db = session();
  return db->exec("INSERT INTO door_cameras (door_id, camera_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                  {door_id, camera_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::unmap_door_camera(std::int64_t door_id, std::int64_t camera_id) {
  auto db = session();
  return db->exec("DELETE FROM door_cameras WHERE door_id = $1 AND camera_id = $2", {door_id, camera_id})
             .affected_rows() > 0;
}

bool PostgresDatabase::insert_access_event(const AccessEventRecord& event) {
  auto db = session();
  return db->exec("INSERT INTO access_events (integration_id, door_id, partner_event_id, time_ms, type, message, "
                  "card_number, actor_json, controller_uuid, controller_name, command_id, received_ms) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING",
                  {event.integration_id, event.door_id, event.partner_event_id, event.time_ms, event.type,
                   event.message, event.card_number, event.actor_json, event.controller_uuid, event.controller_name,
                   event.command_id, event.received_ms})
             .affected_rows() > 0;
}

AccessEventPage PostgresDatabase::access_events(const AccessEventQuery& query) {
  AccessEventPage page;
  if (query.door_ids.empty())
    return page;
  const std::string where = "WHERE e.door_id = ANY($1::bigint[]) AND e.time_ms >= $2 AND e.time_ms < $3 ";
  std::vector<PgValue> params{PgValue::bigint_array(query.door_ids), query.from_ms, query.to_ms};
  auto db = session();
  page.total = db->exec("SELECT COUNT(*) FROM access_events e " + where, params).integer(0, 0);
  const char* order = query.ascending ? "ORDER BY e.time_ms, e.id " : "ORDER BY e.time_ms DESC, e.id DESC ";
  params.emplace_back(std::max<std::int64_t>(query.limit, 0));
  params.emplace_back(std::max<std::int64_t>(query.offset, 0));
  auto rows = db->exec(k_event_columns + where + order + "LIMIT $4 OFFSET $5", params);
  for (int i = 0; i < rows.size(); ++i)
    page.items.push_back(read_event(rows, i));
  return page;
}

std::map<std::int64_t, std::int64_t> PostgresDatabase::door_retention_days(std::int64_t default_days) {
  auto db = session();
  auto rows = db->exec("SELECT doors.id, COALESCE(MAX(cameras.retention_days), $1) FROM doors "
                       "LEFT JOIN door_cameras ON door_cameras.door_id = doors.id "
                       "LEFT JOIN cameras ON cameras.id = door_cameras.camera_id GROUP BY doors.id",
                       {default_days});
  std::map<std::int64_t, std::int64_t> days;
  for (int i = 0; i < rows.size(); ++i)
    days[rows.integer(i, 0)] = rows.integer(i, 1);
  return days;
}

std::int64_t PostgresDatabase::delete_door_access_events_before(std::int64_t door_id, std::int64_t before_ms) {
  auto db = session();
  return db->exec("DELETE FROM access_events WHERE door_id = $1 AND time_ms < $2", {door_id, before_ms})
      .affected_rows();
}

} // namespace argus::store
