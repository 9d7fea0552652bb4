// SqliteDatabase: wall rotations with their sequence of walls (migration 0006). A rotation and its walls are written
// in one transaction: a refused wall (a missing one) leaves the rotation as it was.
#include <map>

#include "store/sqlite/sqlite_connection.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace argus::store {
namespace {

constexpr const char* k_rotation_columns =
    "SELECT id, organization_id, network_id, name, wait_duration_s, created_by_user_id, created_ms, updated_ms "
    "FROM wall_rotations ";

WallRotationRecord rotation_from_row(const SqliteStatement& row) {
  WallRotationRecord rotation;
  rotation.id = row.integer(0);
  rotation.organization_id = row.integer(1);
  rotation.network_id = row.integer(2);
  rotation.name = row.text(3);
  rotation.wait_duration_s = row.integer(4);
  rotation.created_by_user_id = row.optional_integer(5);
  rotation.created_ms = row.integer(6);
  rotation.updated_ms = row.integer(7);
  return rotation;
}

} // namespace

std::vector<WallRotationRecord> SqliteDatabase::wall_rotations_of_network(std::int64_t organization_id,
                                                                          std::int64_t network_id) {
  std::lock_guard lock(mutex_);
  std::vector<WallRotationRecord> rotations;
  std::map<std::int64_t, std::size_t> index_by_id;
  auto statement = connection_->prepare(std::string(k_rotation_columns) +
                                        "WHERE organization_id = ? AND network_id = ? ORDER BY id");
  statement->bind(1, organization_id).bind(2, network_id);
  while (statement->step()) {
    index_by_id[statement->integer(0)] = rotations.size();
    rotations.push_back(rotation_from_row(*statement));
  }
  auto walls = connection_->prepare(
      "SELECT w.rotation_id, w.wall_id FROM wall_rotation_walls w JOIN wall_rotations r ON r.id = w.rotation_id "
      "WHERE r.organization_id = ? AND r.network_id = ? ORDER BY w.rotation_id, w.position");
  walls->bind(1, organization_id).bind(2, network_id);
  while (walls->step()) {
    auto it = index_by_id.find(walls->integer(0));
    if (it != index_by_id.end())
      rotations[it->second].wall_ids.push_back(walls->integer(1));
  }
  return rotations;
}

std::optional<WallRotationRecord> SqliteDatabase::find_wall_rotation(std::int64_t organization_id,
                                                                     std::int64_t rotation_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare(std::string(k_rotation_columns) + "WHERE id = ? AND organization_id = ?");
  statement->bind(1, rotation_id).bind(2, organization_id);
  if (!statement->step())
    return std::nullopt;
  auto rotation = rotation_from_row(*statement);
  auto walls = connection_->prepare("SELECT wall_id FROM wall_rotation_walls WHERE rotation_id = ? ORDER BY position");
  walls->bind(1, rotation_id);
  while (walls->step())
    rotation.wall_ids.push_back(walls->integer(0));
  return rotation;
}

std::int64_t SqliteDatabase::insert_wall_rotation(const WallRotationRecord& rotation) {
  std::lock_guard lock(mutex_);
  std::int64_t rotation_id = 0;
  in_transaction([&] {
    auto statement = connection_->prepare(
        "INSERT INTO wall_rotations (id, organization_id, network_id, name, wait_duration_s, created_by_user_id, "
        "created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    if (rotation.id > 0)
      statement->bind(1, rotation.id);
    else
      statement->bind(1, std::optional<std::int64_t>{});
    statement->bind(2, rotation.organization_id)
        .bind(3, rotation.network_id)
        .bind(4, std::string_view(rotation.name))
        .bind(5, rotation.wait_duration_s)
        .bind(6, rotation.created_by_user_id)
        .bind(7, rotation.created_ms)
        .bind(8, rotation.updated_ms)
        .run();
    rotation_id = connection_->last_insert_id();
    insert_rotation_walls(rotation_id, rotation.wall_ids);
  });
  return rotation_id;
}

bool SqliteDatabase::update_wall_rotation(const WallRotationRecord& rotation) {
  std::lock_guard lock(mutex_);
  bool updated = false;
  in_transaction([&] {
    auto statement = connection_->prepare("UPDATE wall_rotations SET name = ?, wait_duration_s = ?, updated_ms = ? "
                                          "WHERE id = ? AND organization_id = ?");
    statement->bind(1, std::string_view(rotation.name))
        .bind(2, rotation.wait_duration_s)
        .bind(3, rotation.updated_ms)
        .bind(4, rotation.id)
        .bind(5, rotation.organization_id)
        .run();
    updated = statement->changes() > 0;
    if (!updated)
      return;
    connection_->prepare("DELETE FROM wall_rotation_walls WHERE rotation_id = ?")->bind(1, rotation.id).run();
    insert_rotation_walls(rotation.id, rotation.wall_ids);
  });
  return updated;
}

bool SqliteDatabase::delete_wall_rotation(std::int64_t organization_id, std::int64_t rotation_id) {
  std::lock_guard lock(mutex_);
  auto statement = connection_->prepare("DELETE FROM wall_rotations WHERE id = ? AND organization_id = ?");
  statement->bind(1, rotation_id).bind(2, organization_id).run();
  return statement->changes() > 0;
}

void SqliteDatabase::insert_rotation_walls(std::int64_t rotation_id, const std::vector<std::int64_t>& wall_ids) {
  std::int64_t position = 0;
  for (auto wall_id : wall_ids) {
    connection_->prepare("INSERT INTO wall_rotation_walls (rotation_id, position, wall_id) VALUES (?, ?, ?)")
        ->bind(1, rotation_id)
        .bind(2, position++)
        .bind(3, wall_id)
        .run();
  }
}

} // namespace argus::store
