-- Multi-imager cameras (an MV93 has 4 sensors; spec 02 §2 camera page, wall tiles' imager_id): how many imagers a
-- camera has, and the stream URLs of imagers 1 ... 15 (imager 0's are the cameras row's main/sub URLs). Recorded
-- imager streams are named main-imager{k} / sub-imager{k} (media/stream_name.hpp), so the stream CHECKs of
-- init_segments and recording_chunks are widened by rebuilding the two tables (SQLite's documented procedure for
-- changing a constraint: new table, copy, drop, rename; SqliteDatabase::migrate runs migrations with foreign keys off
-- and checks them before commit). recording_fragments has no such CHECK and stays as it is.
ALTER TABLE cameras ADD COLUMN imager_count INTEGER NOT NULL DEFAULT 1 CHECK (imager_count BETWEEN 1 AND 16);

CREATE TABLE camera_imager_sources (
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  imager_id INTEGER NOT NULL CHECK (imager_id BETWEEN 1 AND 15),
  main_rtsp_url TEXT,
  sub_rtsp_url TEXT,
  PRIMARY KEY (camera_id, imager_id)
);

CREATE TABLE init_segments_widened (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  stream TEXT NOT NULL CHECK (stream IN ('main', 'sub') OR stream GLOB 'main-imager[1-9]' OR
                              stream GLOB 'main-imager1[0-5]' OR stream GLOB 'sub-imager[1-9]' OR
                              stream GLOB 'sub-imager1[0-5]'),
  codec TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  browser_playable INTEGER NOT NULL DEFAULT 1,
  file_path TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
INSERT INTO init_segments_widened (id, camera_id, stream, codec, width, height, browser_playable, file_path,
                                   created_ms)
  SELECT id, camera_id, stream, codec, width, height, browser_playable, file_path, created_ms FROM init_segments;

CREATE TABLE recording_chunks_widened (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  stream TEXT NOT NULL CHECK (stream IN ('main', 'sub') OR stream GLOB 'main-imager[1-9]' OR
                              stream GLOB 'main-imager1[0-5]' OR stream GLOB 'sub-imager[1-9]' OR
                              stream GLOB 'sub-imager1[0-5]'),
  storage_dir_id INTEGER NOT NULL DEFAULT 1 REFERENCES storage_dirs (id),
  file_path TEXT NOT NULL UNIQUE,
  init_segment_id INTEGER NOT NULL REFERENCES init_segments (id),
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL DEFAULT 0
);
INSERT INTO recording_chunks_widened (id, camera_id, stream, storage_dir_id, file_path, init_segment_id, start_ms,
                                      end_ms, size_bytes)
  SELECT id, camera_id, stream, storage_dir_id, file_path, init_segment_id, start_ms, end_ms, size_bytes
  FROM recording_chunks;

DROP TABLE recording_chunks;
DROP TABLE init_segments;
ALTER TABLE init_segments_widened RENAME TO init_segments;
ALTER TABLE recording_chunks_widened RENAME TO recording_chunks;
CREATE INDEX init_segments_by_stream ON init_segments (camera_id, stream, id);
CREATE INDEX recording_chunks_by_stream ON recording_chunks (camera_id, stream, start_ms);
CREATE INDEX recording_chunks_by_storage ON recording_chunks (storage_dir_id, start_ms);
