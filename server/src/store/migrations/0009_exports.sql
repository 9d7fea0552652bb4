-- Video exports (spec 03 §3 "Export job"; docs/design/exports.md): a persistent queue of jobs, each making one MP4
-- file under the data dir. A combined job (VideoConcatenationJob) lists its sources in export_job_sources as they
-- were when it was made. Times are UTC milliseconds. share_nonce is set while a share link exists: the link's token is
-- derived from it with the server's share key (services/share_links), so revoking (clearing it) ends every copy of
-- the link. Portable SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE export_jobs (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  user_name TEXT NOT NULL,
  combined INTEGER NOT NULL DEFAULT 0 CHECK (combined IN (0, 1)),
  camera_id INTEGER REFERENCES cameras (id) ON DELETE SET NULL,
  camera_name TEXT NOT NULL,
  video_channel_id INTEGER,
  imager_id INTEGER NOT NULL DEFAULT 0,
  filename TEXT NOT NULL,
  t0_ms INTEGER NOT NULL,
  t1_ms INTEGER NOT NULL CHECK (t1_ms > t0_ms),
  created_ms INTEGER NOT NULL,
  scheduled_for_ms INTEGER NOT NULL,
  force_started_ms INTEGER,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'complete', 'failed', 'cancelled')),
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  error_user_friendly INTEGER NOT NULL DEFAULT 0,
  started_ms INTEGER,
  completed_ms INTEGER,
  cancellation_requested_ms INTEGER,
  cancelled_ms INTEGER,
  expires_ms INTEGER,
  file_path TEXT,
  file_bytes INTEGER,
  sha256 TEXT,
  media_first_ms INTEGER,
  media_end_ms INTEGER,
  dewarp_json TEXT,
  share_nonce TEXT
);
CREATE INDEX export_jobs_by_network ON export_jobs (organization_id, network_id, created_ms);
CREATE INDEX export_jobs_due ON export_jobs (state, scheduled_for_ms);

CREATE TABLE export_job_sources (
  job_id INTEGER NOT NULL REFERENCES export_jobs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  source_job_id INTEGER NOT NULL,
  camera_id INTEGER REFERENCES cameras (id) ON DELETE SET NULL,
  camera_name TEXT NOT NULL,
  video_channel_id INTEGER,
  filename TEXT NOT NULL,
  t0_ms INTEGER NOT NULL,
  t1_ms INTEGER NOT NULL,
  PRIMARY KEY (job_id, position)
);
