-- Recording: camera sources and retention, storage directories with a disk quota, and the recording index (init
-- segments, chunk files, fragments). Times are UTC wall-clock milliseconds; paths are relative to the data directory.

ALTER TABLE cameras ADD COLUMN main_rtsp_url TEXT;
ALTER TABLE cameras ADD COLUMN sub_rtsp_url TEXT;
ALTER TABLE cameras ADD COLUMN retention_days INTEGER NOT NULL DEFAULT 30;

CREATE TABLE storage_dirs (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  recording_quota_bytes INTEGER NOT NULL DEFAULT 0
);
-- Directory 1 is the data directory itself ('' relative path); quota 0 means unlimited.
INSERT INTO storage_dirs (id, path, recording_quota_bytes) VALUES (1, '', 0);

CREATE TABLE init_segments (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  stream TEXT NOT NULL CHECK (stream IN ('main', 'sub')),
  codec TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  browser_playable INTEGER NOT NULL DEFAULT 1,
  file_path TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX init_segments_by_stream ON init_segments (camera_id, stream, id);

CREATE TABLE recording_chunks (
  id INTEGER PRIMARY KEY,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  stream TEXT NOT NULL CHECK (stream IN ('main', 'sub')),
  storage_dir_id INTEGER NOT NULL DEFAULT 1 REFERENCES storage_dirs (id),
  file_path TEXT NOT NULL UNIQUE,
  init_segment_id INTEGER NOT NULL REFERENCES init_segments (id),
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX recording_chunks_by_stream ON recording_chunks (camera_id, stream, start_ms);
CREATE INDEX recording_chunks_by_storage ON recording_chunks (storage_dir_id, start_ms);

CREATE TABLE recording_fragments (
  id INTEGER PRIMARY KEY,
  chunk_id INTEGER NOT NULL REFERENCES recording_chunks (id) ON DELETE CASCADE,
  camera_id INTEGER NOT NULL,
  stream TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  offset_bytes INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  keyframe INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX recording_fragments_by_stream ON recording_fragments (camera_id, stream, start_ms);
CREATE INDEX recording_fragments_by_chunk ON recording_fragments (chunk_id, offset_bytes);
