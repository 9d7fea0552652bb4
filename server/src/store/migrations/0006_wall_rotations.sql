-- Wall rotations (spec 02 §3 "Rotation", §7 videoWallRotations): a named sequence of at least two walls of one network
-- that the portal shows one after the other, each for wait_duration_s seconds. Times are UTC milliseconds. Portable
-- SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE wall_rotations (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  wait_duration_s INTEGER NOT NULL CHECK (wait_duration_s > 0),
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX wall_rotations_by_network ON wall_rotations (organization_id, network_id);

-- The walls of a rotation in the order they are shown (a wall may come back later in the sequence). A deleted wall
-- leaves every rotation it was in.
CREATE TABLE wall_rotation_walls (
  rotation_id INTEGER NOT NULL REFERENCES wall_rotations (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  wall_id INTEGER NOT NULL REFERENCES walls (id) ON DELETE CASCADE,
  PRIMARY KEY (rotation_id, position)
);
CREATE INDEX wall_rotation_walls_by_wall ON wall_rotation_walls (wall_id);
