-- PostgreSQL dialect of ../0014_passwords.sql (same version and name; see README.md in this folder).
-- Password expiry and reset (issue 12): when each user last set their password (existing users: now, so a policy set
-- later starts counting from the upgrade), each organization's expiry policy in days (NULL: passwords do not expire),
-- and the single-use reset links sent by e-mail (only a digest of the token is kept).

ALTER TABLE users ADD COLUMN password_changed_ms bigint NOT NULL DEFAULT 0;
UPDATE users SET password_changed_ms = CAST(floor(extract(epoch FROM now())) AS bigint) * 1000;
ALTER TABLE organizations ADD COLUMN password_expiry_days bigint CHECK (password_expiry_days > 0);

CREATE TABLE password_reset_tokens (
  token_digest text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_ms bigint NOT NULL
);
CREATE INDEX password_reset_tokens_by_user ON password_reset_tokens (user_id);
