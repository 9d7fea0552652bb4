-- Motion analytics (docs/design/motion.md): one row per camera-second with motion (the moved grid cells and their
-- levels, encoded by analytics/cell_levels), per-minute and per-hour summaries (the per-cell maximum of their
-- seconds, same encoding) so a search skips quiet periods, recap JPEGs of motion (files under DATA/motion/), and the
-- portal's motion search telemetry. Times are UTC: *_s in seconds, *_ms in milliseconds.

CREATE TABLE motion_seconds (
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  second_s INTEGER NOT NULL,
  cells BLOB NOT NULL,
  PRIMARY KEY (camera_id, second_s)
) WITHOUT ROWID;

-- span_s is 60 (minute) or 3600 (hour); start_s is a multiple of it.
CREATE TABLE motion_summaries (
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  span_s INTEGER NOT NULL CHECK (span_s IN (60, 3600)),
  start_s INTEGER NOT NULL,
  seconds INTEGER NOT NULL,
  cells BLOB NOT NULL,
  PRIMARY KEY (camera_id, span_s, start_s)
) WITHOUT ROWID;

CREATE TABLE motion_recaps (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  ts_ms INTEGER NOT NULL,
  score INTEGER NOT NULL,
  file_path TEXT NOT NULL
);
CREATE INDEX motion_recaps_by_time ON motion_recaps (camera_id, ts_ms);

CREATE TABLE motion_search_telemetry (
  id INTEGER PRIMARY KEY,
  received_ms INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  organization_id INTEGER NOT NULL,
  client_name TEXT NOT NULL,
  client_version TEXT NOT NULL,
  camera_id INTEGER,
  network_id INTEGER,
  search_duration REAL,
  result_count INTEGER,
  with_people INTEGER,
  with_vehicles INTEGER,
  with_nightmode INTEGER,
  include_attributes INTEGER,
  feature TEXT,
  event_id TEXT,
  start_time REAL,
  end_time REAL
);
