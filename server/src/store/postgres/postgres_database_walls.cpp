// PostgresDatabase: video walls with their tiles and the event log (migration 0003), wall rotations (0006): the SQL of
// sqlite_database_walls.cpp and sqlite_database_wall_rotations.cpp. A wall or rotation is written with its tiles or
// walls in one transaction: a refused one (a missing camera or wall) leaves it as it was.
#include "store/postgres/pg_connection.hpp"
#include "store/postgres/postgres_database.hpp"

namespace argus::store {
namespace {

const std::string k_rotation_columns =
    "SELECT id, organization_id, network_id, name, wait_duration_s, created_by_user_id, created_ms, updated_ms "
    "FROM wall_rotations ";

WallRotationRecord read_rotation(const PgResult& rows, int i) {
  WallRotationRecord rotation;
  rotation.id = rows.integer(i, 0);
  rotation.organization_id = rows.integer(i, 1);
  rotation.network_id = rows.integer(i, 2);
  rotation.name = rows.text(i, 3);
  rotation.wait_duration_s = rows.integer(i, 4);
  rotation.created_by_user_id = rows.optional_integer(i, 5);
  rotation.created_ms = rows.integer(i, 6);
  rotation.updated_ms = rows.integer(i, 7);
  return rotation;
}

// Inserts a row whose id is given (id > 0) or picked by the identity column; answers the id.
std::int64_t insert_with_id(PgConnection& connection, const std::string& table, const std::string& columns,
                            std::vector<PgValue> values, std::int64_t id) {
  std::string placeholders;
  for (std::size_t i = 1; i <= values.size(); ++i)
    placeholders += (i > 1 ? ", $" : "$") + std::to_string(i);
  if (id > 0) {
    values.push_back(id);
    connection.exec("INSERT INTO " + table + " (" + columns + ", id) VALUES (" + placeholders + ", $" +
                        std::to_string(values.size()) + ")",
                    values);
    return id;
  }
  return connection
      .exec("INSERT INTO " + table + " (" + columns + ") VALUES (" + placeholders + ") RETURNING id", values)
      .integer(0, 0);
}

} // namespace

std::vector<WallRecord> PostgresDatabase::walls_of_organization(std::int64_t organization_id) {
  auto db = session();
  std::vector<WallRecord> walls;
  std::map<std::int64_t, std::size_t> index_by_id;
  auto rows = db->exec("SELECT id, organization_id, network_id, name, is_cross_network, created_by_user_id, "
                       "created_ms, updated_ms FROM walls WHERE organization_id = $1 ORDER BY id",
                       {organization_id});
  for (int i = 0; i < rows.size(); ++i) {
    WallRecord wall;
    wall.id = rows.integer(i, 0);
    wall.organization_id = rows.integer(i, 1);
    wall.network_id = rows.integer(i, 2);
    wall.name = rows.text(i, 3);
    wall.is_cross_network = rows.boolean(i, 4);
    wall.created_by_user_id = rows.optional_integer(i, 5);
    wall.created_ms = rows.integer(i, 6);
    wall.updated_ms = rows.integer(i, 7);
    index_by_id[wall.id] = walls.size();
    walls.push_back(std::move(wall));
  }
  auto tiles = db->exec("SELECT t.wall_id, t.id, t.camera_id, t.imager_id, t.x, t.y, t.w, t.h, t.theta, t.phi, t.fov "
                        "FROM wall_tiles t JOIN walls w ON w.id = t.wall_id WHERE w.organization_id = $1 "
                        "ORDER BY t.wall_id, t.tile_order",
                        {organization_id});
  for (int i = 0; i < tiles.size(); ++i) {
    auto it = index_by_id.find(tiles.integer(i, 0));
    if (it == index_by_id.end())
      continue;
    WallTileRecord tile;
    tile.id = tiles.integer(i, 1);
    tile.camera_id = tiles.integer(i, 2);
    tile.imager_id = tiles.optional_integer(i, 3);
    tile.x = tiles.integer(i, 4);
    tile.y = tiles.integer(i, 5);
    tile.w = tiles.integer(i, 6);
    tile.h = tiles.integer(i, 7);
    tile.theta = tiles.optional_real(i, 8);
    tile.phi = tiles.optional_real(i, 9);
    tile.fov = tiles.optional_real(i, 10);
    walls[it->second].tiles.push_back(tile);
  }
  return walls;
}

std::int64_t PostgresDatabase::insert_wall(const WallRecord& wall) {
  std::int64_t wall_id = 0;
  in_transaction([&] {
    auto db = session();
    wall_id = insert_with_id(*db, "walls",
                             "organization_id, network_id, name, is_cross_network, created_by_user_id, created_ms, "
                             "updated_ms",
                             {wall.organization_id, wall.network_id, wall.name, wall.is_cross_network,
                              wall.created_by_user_id, wall.created_ms, wall.updated_ms},
                             wall.id);
    if (wall.id > 0)
      advance_id_sequence(*db, "walls");
    insert_wall_tiles(*db, wall_id, wall.tiles);
  });
  return wall_id;
}

bool PostgresDatabase::update_wall(const WallRecord& wall) {
  bool updated = false;
  in_transaction([&] {
    auto db = session();
    updated = db->exec("UPDATE walls SET name = $1, is_cross_network = $2, updated_ms = $3 "
                       "WHERE id = $4 AND organization_id = $5",
                       {wall.name, wall.is_cross_network, wall.updated_ms, wall.id, wall.organization_id})
                  .affected_rows() > 0;
    if (!updated)
      return;
    db->exec("DELETE FROM wall_tiles WHERE wall_id = $1", {wall.id});
    insert_wall_tiles(*db, wall.id, wall.tiles);
  });
  return updated;
}

bool PostgresDatabase::delete_wall(std::int64_t organization_id, std::int64_t wall_id) {
  auto db = session();
  // Tiles and rotation entries go by ON DELETE CASCADE.
  return db->exec("DELETE FROM walls WHERE id = $1 AND organization_id = $2", {wall_id, organization_id})
             .affected_rows() > 0;
}

void PostgresDatabase::insert_wall_tiles(PgConnection& connection, std::int64_t wall_id,
                                         const std::vector<WallTileRecord>& tiles) {
  std::int64_t order = 0;
  for (const auto& tile : tiles) {
    connection.exec("INSERT INTO wall_tiles (wall_id, tile_order, camera_id, imager_id, x, y, w, h, theta, phi, fov) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                    {wall_id, order++, tile.camera_id, tile.imager_id, tile.x, tile.y, tile.w, tile.h, tile.theta,
                     tile.phi, tile.fov});
  }
}

std::int64_t PostgresDatabase::insert_event(const EventLogRecord& event) {
  auto db = session();
  return db
      ->exec("INSERT INTO event_log (organization_id, network_id, user_id, camera_id, channel_id, event, start_ms, "
             "end_ms, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
             {event.organization_id, event.network_id, event.user_id, event.camera_id, event.channel_id, event.event,
              event.start_ms, event.end_ms, event.created_ms})
      .integer(0, 0);
}

std::vector<EventLogRecord> PostgresDatabase::recent_events(std::int64_t organization_id, std::int64_t limit) {
  auto db = session();
  auto rows = db->exec("SELECT id, organization_id, network_id, user_id, camera_id, channel_id, event, start_ms, "
                       "end_ms, created_ms FROM event_log WHERE organization_id = $1 ORDER BY id DESC LIMIT $2",
                       {organization_id, limit});
  std::vector<EventLogRecord> events;
  for (int i = 0; i < rows.size(); ++i) {
    events.push_back({rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3),
                      rows.integer(i, 4), rows.integer(i, 5), rows.text(i, 6), rows.integer(i, 7), rows.integer(i, 8),
                      rows.integer(i, 9)});
  }
  return events;
}

std::vector<WallRotationRecord> PostgresDatabase::wall_rotations_of_network(std::int64_t organization_id,
                                                                            std::int64_t network_id) {
  auto db = session();
  std::vector<WallRotationRecord> rotations;
  std::map<std::int64_t, std::size_t> index_by_id;
  auto rows = db->exec(k_rotation_columns + "WHERE organization_id = $1 AND network_id = $2 ORDER BY id",
                       {organization_id, network_id});
  for (int i = 0; i < rows.size(); ++i) {
    index_by_id[rows.integer(i, 0)] = rotations.size();
    rotations.push_back(read_rotation(rows, i));
  }
  auto walls = db->exec("SELECT w.rotation_id, w.wall_id FROM wall_rotation_walls w "
                        "JOIN wall_rotations r ON r.id = w.rotation_id "
                        "WHERE r.organization_id = $1 AND r.network_id = $2 ORDER BY w.rotation_id, w.position",
                        {organization_id, network_id});
  for (int i = 0; i < walls.size(); ++i) {
    auto it = index_by_id.find(walls.integer(i, 0));
    if (it != index_by_id.end())
      rotations[it->second].wall_ids.push_back(walls.integer(i, 1));
  }
  return rotations;
}

std::optional<WallRotationRecord> PostgresDatabase::find_wall_rotation(std::int64_t organization_id,
                                                                       std::int64_t rotation_id) {
  auto db = session();
  auto rows = db->exec(k_rotation_columns + "WHERE id = $1 AND organization_id = $2", {rotation_id, organization_id});
  if (rows.empty())
    return std::nullopt;
  auto rotation = read_rotation(rows, 0);
  auto walls =
      db->exec("SELECT wall_id FROM wall_rotation_walls WHERE rotation_id = $1 ORDER BY position", {rotation_id});
  for (int i = 0; i < walls.size(); ++i)
    rotation.wall_ids.push_back(walls.integer(i, 0));
  return rotation;
}

std::int64_t PostgresDatabase::insert_wall_rotation(const WallRotationRecord& rotation) {
  std::int64_t rotation_id = 0;
  in_transaction([&] {
    auto db = session();
    rotation_id =
        insert_with_id(*db, "wall_rotations",
                       "organization_id, network_id, name, wait_duration_s, created_by_user_id, "
                       "created_ms, updated_ms",
                       {rotation.organization_id, rotation.network_id, rotation.name, rotation.wait_duration_s,
                        rotation.created_by_user_id, rotation.created_ms, rotation.updated_ms},
                       rotation.id);
    if (rotation.id > 0)
      advance_id_sequence(*db, "wall_rotations");
    insert_rotation_walls(*db, rotation_id, rotation.wall_ids);
  });
  return rotation_id;
}

bool PostgresDatabase::update_wall_rotation(const WallRotationRecord& rotation) {
  bool updated = false;
  in_transaction([&] {
    auto db = session();
    updated =
        db->exec("UPDATE wall_rotations SET name = $1, wait_duration_s = $2, updated_ms = $3 "
                 "WHERE id = $4 AND organization_id = $5",
                 {rotation.name, rotation.wait_duration_s, rotation.updated_ms, rotation.id, rotation.organization_id})
            .affected_rows() > 0;
    if (!updated)
      return;
    db->exec("DELETE FROM wall_rotation_walls WHERE rotation_id = $1", {rotation.id});
    insert_rotation_walls(*db, rotation.id, rotation.wall_ids);
  });
  return updated;
}

bool PostgresDatabase::delete_wall_rotation(std::int64_t organization_id, std::int64_t rotation_id) {
  auto db = session();
  return db->exec("DELETE FROM wall_rotations WHERE id = $1 AND organization_id = $2", {rotation_id, organization_id})
             .affected_rows() > 0;
}

void PostgresDatabase::insert_rotation_walls(PgConnection& connection, std::int64_t rotation_id,
                                             const std::vector<std::int64_t>& wall_ids) {
  std::int64_t position = 0;
  for (auto wall_id : wall_ids) {
    connection.exec("INSERT INTO wall_rotation_walls (rotation_id, position, wall_id) VALUES ($1, $2, $3)",
                    {rotation_id, position++, wall_id});
  }
}

std::vector<std::pair<std::int64_t, std::int64_t>>
PostgresDatabase::wall_tile_cameras(const std::vector<std::int64_t>& wall_ids) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  if (wall_ids.empty())
    return out;
  auto db = session();
  auto rows = db->exec("SELECT DISTINCT wall_id, camera_id FROM wall_tiles WHERE wall_id = ANY($1::bigint[])",
                       {PgValue::bigint_array(wall_ids)});
  for (int i = 0; i < rows.size(); ++i)
    out.emplace_back(rows.integer(i, 0), rows.integer(i, 1));
  return out;
}

} // namespace argus::store
