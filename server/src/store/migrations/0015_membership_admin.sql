-- User administration (issue 12): an organization's administrator can disable a member of their organization. The
-- member's sessions there end on their next call and sign-in no longer offers that organization; other organizations
-- the user belongs to are not affected.
ALTER TABLE memberships ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
