-- PostgreSQL dialect of ../0018_require_two_factor.sql (same version and name; see README.md in this folder).
-- The organization's sign-in policy (issue 12): members prove a second factor at every sign-in (their authenticator,
-- their sign-in code setting, or else a code e-mailed to them).
ALTER TABLE organizations ADD COLUMN require_two_factor bigint NOT NULL DEFAULT 0;
