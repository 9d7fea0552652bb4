-- Object detection (docs/design/detection.md "In argusd"): the tracks of people and vehicles per camera with their
-- attributes, best thumbnail (a small JPEG) and appearance embedding (int8), and per analysed frame the boxes the
-- player draws over recorded video (encoded by objects/object_frame_codec). Times are UTC milliseconds; track ids
-- count up per camera. Portable SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE object_tracks (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  track_id INTEGER NOT NULL,
  object_class INTEGER NOT NULL CHECK (object_class IN (0, 1, 2)),
  vehicle_type INTEGER NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL CHECK (end_ms >= start_ms),
  moving INTEGER NOT NULL,
  nightmode INTEGER NOT NULL,
  top_colours INTEGER NOT NULL,
  bottom_colours INTEGER NOT NULL,
  vehicle_colours INTEGER NOT NULL,
  confidence REAL NOT NULL,
  thumbnail_ms INTEGER NOT NULL,
  thumbnail BLOB,
  embedding BLOB,
  UNIQUE (camera_id, track_id)
);
CREATE INDEX object_tracks_by_end ON object_tracks (camera_id, end_ms);

CREATE TABLE object_frames (
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  ts_ms INTEGER NOT NULL,
  nightmode INTEGER NOT NULL,
  detections BLOB NOT NULL,
  PRIMARY KEY (camera_id, ts_ms)
) WITHOUT ROWID;
