// SqliteDatabase: video walls with their tiles, and the event log (migration 0003). Every write of a wall and its
// tiles is one transaction: a refused tile (a missing camera) leaves the wall as it was.
#include <map>

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

void bind_optional_real(SqliteStatement& statement, int index, const std::optional<double>& value) {
  if (value)
    statement.bind(index, *value);
  else
    statement.bind(index, std::optional<std::int64_t>{});
}

std::optional<double> optional_real(const SqliteStatement& row, int column) {
  if (row.is_null(column))
    return std::nullopt;
  return row.real(column);
}

} // namespace

std::vector<WallRecord> SqliteDatabase::walls_of_organization(std::int64_t organization_id) {
  std::lock_guard lock(mutex_);
  std::vector<WallRecord> walls;
  std::map<std::int64_t, std::size_t> index_by_id;
  auto statement = connection_->prepare(
      "SELECT id, organization_id, network_id, name, is_cross_network, created_by_user_id, created_ms, updated_ms "
      "FROM walls WHERE organization_id = ? ORDER BY id");
  statement->bind(1, organization_id);
  while (statement->step()) {
    const auto& row = *statement;
    WallRecord wall;
    wall.id = row.integer(0);
    wall.organization_id = row.integer(1);
    wall.network_id = row.integer(2);
    wall.name = row.text(3);
    wall.is_cross_network = row.integer(4) != 0;
    wall.created_by_user_id = row.optional_integer(5);
    wall.created_ms = row.integer(6);
    wall.updated_ms = row.integer(7);
    index_by_id[wall.id] = walls.size();
    walls.push_back(std::move(wall));
  }
  auto tiles = connection_->prepare(
      "SELECT t.wall_id, t.id, t.camera_id, t.imager_id, t.x, t.y, t.w, t.h, t.theta, t.phi, t.fov "
      "FROM wall_tiles t JOIN walls w ON w.id = t.wall_id WHERE w.organization_id = ? ORDER BY t.wall_id, "
      "t.tile_order");
  tiles->bind(1, organization_id);
  while (tiles->step()) {
    const auto& row = *tiles;
    auto it = index_by_id.find(row.integer(0));
    if (it == index_by_id.end())
      continue;
    WallTileRecord tile;
    tile.id = row.integer(1);
    tile.camera_id = row.integer(2);
    tile.imager_id = row.optional_integer(3);
    tile.x = row.integer(4);
    tile.y = row.integer(5);
    tile.w = row.integer(6);
    tile.h = row.integer(7);
    tile.theta = optional_real(row, 8);
    tile.phi = optional_real(row, 9);
    tile.fov = optional_real(row, 10);
    walls[it->second].tiles.push_back(tile);
  }
  return walls;
}

std::int64_t SqliteDatabase::insert_wall(const WallRecord& wall) {
  std::lock_guard lock(mutex_);
  std::int64_t wall_id = 0;
  in_transaction([&] {
    auto statement =
        connection_->prepare("INSERT INTO walls (id, organization_id, network_id, name, is_cross_network, "
                             "created_by_user_id, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (wall.id > 0)
      statement->bind(1, wall.id);
    else
      statement->bind(1, std::optional<std::int64_t>{});
    statement->bind(2, wall.organization_id)
        .bind(3, wall.network_id)
        .bind(4, std::string_view(wall.name))
        .bind_bool(5, wall.is_cross_network)
        .bind(6, wall.created_by_user_id)
        .bind(7, wall.created_ms)
        .bind(8, wall.updated_ms)
        .run();
    wall_id = connection_->last_insert_id();
    insert_wall_tiles(wall_id, wall.tiles);
  });
  return wall_id;
}

bool SqliteDatabase::update_wall(const WallRecord& wall) {
  std::lock_guard lock(mutex_);
  bool updated = false;
  in_transaction([&] {
    auto statement = connection_->prepare("UPDATE walls SET name = ?, is_cross_network = ?, updated_ms = ? "
                                          "WHERE id = ? AND organization_id = ?");
    statement->bind(1, std::string_view(wall.name))
        .bind_bool(2, wall.is_cross_network)
        .bind(3, wall.updated_ms)
        .bind(4, wall.id)
        .bind(5, wall.organization_id)
        .run();
    updated = statement->changes() > 0;
    if (!updated)
      return;
    connection_->prepare("DELETE FROM wall_tiles WHERE wall_id = ?")->bind(1, wall.id).run();
    insert_wall_tiles(wall.id, wall.tiles);
  });
  return updated;
}

bool SqliteDatabase::delete_wall(std::int64_t organization_id, std::int64_t wall_id) {
  std::lock_guard lock(mutex_);
  // Tiles and rotation entries go by ON DELETE CASCADE.
  auto statement = connection_->prepare("DELETE FROM walls WHERE id = ? AND organization_id = ?");
  statement->bind(1, wall_id).bind(2, organization_id).run();
  return statement->changes() > 0;
}

void SqliteDatabase::insert_wall_tiles(std::int64_t wall_id, const std::vector<WallTileRecord>& tiles) {
  std::int64_t order = 0;
  for (const auto& tile : tiles) {
    auto insert = connection_->prepare(
        "INSERT INTO wall_tiles (wall_id, tile_order, camera_id, imager_id, x, y, w, h, theta, phi, fov) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert->bind(1, wall_id).bind(2, order++).bind(3, tile.camera_id).bind(4, tile.imager_id);
    insert->bind(5, tile.x).bind(6, tile.y).bind(7, tile.w).bind(8, tile.h);
    bind_optional_real(*insert, 9, tile.theta);
    bind_optional_real(*insert, 10, tile.phi);
    bind_optional_real(*insert, 11, tile.fov);
    insert->run();
  }
}

std::int64_t SqliteDatabase::insert_event(const EventLogRecord& event) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "INSERT INTO event_log (organization_id, network_id, user_id, camera_id, channel_id, event, start_ms, end_ms, "
      "created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  statement->bind(1, event.organization_id)
      .bind(2, event.network_id)
      .bind(3, event.user_id)
      .bind(4, event.camera_id)
      .bind(5, event.channel_id)
      .bind(6, std::string_view(event.event))
      .bind(7, event.start_ms)
      .bind(8, event.end_ms)
      .bind(9, event.created_ms)
      .run();
  return connection_->last_insert_id();
}

std::vector<EventLogRecord> SqliteDatabase::recent_events(std::int64_t organization_id, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(
      "SELECT id, organization_id, network_id, user_id, camera_id, channel_id, event, start_ms, end_ms, created_ms "
      "FROM event_log WHERE organization_id = ? ORDER BY id DESC LIMIT ?");
  statement->bind(1, organization_id).bind(2, limit);
  std::vector<EventLogRecord> events;
  while (statement->step()) {
    const auto& row = *statement;
    events.push_back({row.integer(0), row.integer(1), row.integer(2), row.integer(3), row.integer(4), row.integer(5),
                      row.text(6), row.integer(7), row.integer(8), row.integer(9)});
  }
  return events;
}

} // namespace argus::store
