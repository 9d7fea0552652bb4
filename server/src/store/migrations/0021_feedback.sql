-- Feedback sent from the portal (issue 13, spec 03 §7 "Feedback"), kept for the organization's administrators. Names
-- are copied: the feedback stays readable after the user or network is gone.
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  user_name TEXT NOT NULL,
  user_email TEXT NOT NULL,
  network_id INTEGER REFERENCES networks (id) ON DELETE SET NULL,
  network_name TEXT NOT NULL,
  wish TEXT NOT NULL,
  wish_hash TEXT NOT NULL,
  session_recording_url TEXT,
  user_agent TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX feedback_by_organization ON feedback (organization_id, id);
CREATE INDEX feedback_by_user ON feedback (user_id, created_ms);
