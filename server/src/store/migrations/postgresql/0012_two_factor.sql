-- PostgreSQL dialect of ../0012_two_factor.sql (same version and name; see README.md in this folder).
-- Authenticator two-factor sign-in (issue 12): a user's TOTP secret, unconfirmed until a first code proves the app
-- has it; last_step is the newest 30-second step a code was accepted for (a code of that step or an older one is
-- refused: no replay). Recovery codes are kept as hashes only and deleted when used.

CREATE TABLE user_authenticators (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret bytea NOT NULL,
  confirmed bigint NOT NULL DEFAULT 0,
  last_step bigint NOT NULL DEFAULT -1,
  created_ms bigint NOT NULL
);

CREATE TABLE user_recovery_codes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);
