-- PostgreSQL dialect of ../0015_membership_admin.sql (same version and name; see README.md in this folder).
-- User administration (issue 12): an organization's administrator can disable a member of their organization. The
-- member's sessions there end on their next call and sign-in no longer offers that organization; other organizations
-- the user belongs to are not affected.
ALTER TABLE memberships ADD COLUMN disabled bigint NOT NULL DEFAULT 0;
