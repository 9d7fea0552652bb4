-- The organization's access log (issue 12): sign-ins, video access, exports, screenshots and administrators' changes,
-- for its administrators. Names are copied as they were, so an entry still reads right after the user, network or
-- camera is renamed or gone; only the organization is a foreign key. Each insert prunes the organization's log to its
-- newest entries (services::AccessLog keeps 10,000), so the table stays bounded without a separate job.
CREATE TABLE access_log (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  time_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  user_id INTEGER,
  user_name TEXT,
  user_email TEXT,
  network_id INTEGER,
  network_name TEXT,
  camera_id INTEGER,
  camera_name TEXT,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  detail TEXT
);
CREATE INDEX access_log_by_organization ON access_log (organization_id, id);
CREATE INDEX access_log_by_user ON access_log (organization_id, user_id, id);
CREATE INDEX access_log_by_camera ON access_log (organization_id, camera_id, id);
