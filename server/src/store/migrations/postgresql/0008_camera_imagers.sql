-- PostgreSQL dialect of ../0008_camera_imagers.sql (same version and name; see README.md in this folder).
-- Multi-imager cameras (an MV93 has 4 sensors; spec 02 §2 camera page, wall tiles' imager_id): how many imagers a
-- camera has, and the stream URLs of imagers 1 ... 15 (imager 0's are the cameras row's main/sub URLs). Recorded
-- imager streams are named main-imager{k} / sub-imager{k} (media/stream_name.hpp), so the stream CHECKs of
-- init_segments and recording_chunks are widened. PostgreSQL changes a constraint in place (SQLite rebuilds the
-- tables); the regular expression says what SQLite's GLOB patterns say.
ALTER TABLE cameras ADD COLUMN imager_count bigint NOT NULL DEFAULT 1 CHECK (imager_count BETWEEN 1 AND 16);

CREATE TABLE camera_imager_sources (
  camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  imager_id bigint NOT NULL CHECK (imager_id BETWEEN 1 AND 15),
  main_rtsp_url text,
  sub_rtsp_url text,
  PRIMARY KEY (camera_id, imager_id)
);

ALTER TABLE init_segments DROP CONSTRAINT init_segments_stream_check;
ALTER TABLE init_segments ADD CONSTRAINT init_segments_stream_check
  CHECK (stream IN ('main', 'sub') OR stream ~ '^(main|sub)-imager([1-9]|1[0-5])$');
ALTER TABLE recording_chunks DROP CONSTRAINT recording_chunks_stream_check;
ALTER TABLE recording_chunks ADD CONSTRAINT recording_chunks_stream_check
  CHECK (stream IN ('main', 'sub') OR stream ~ '^(main|sub)-imager([1-9]|1[0-5])$');
