-- PostgreSQL dialect of ../0017_organization_sso.sql (same version and name; see README.md in this folder).
-- SAML single sign-on per organization (issue 12): the identifier people type on the sign-in page ("acme") and the
-- identity provider's metadata (entity id, sign-in and logout addresses, signing certificate) as the provider
-- published it. One identity provider per organization; the identifier is unique across organizations.
CREATE TABLE organization_sso (
  organization_id bigint PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  identifier text NOT NULL,
  idp_metadata text NOT NULL,
  updated_ms bigint NOT NULL
);
-- SQLite's UNIQUE COLLATE NOCASE: unique without regard to case, and looked up by lower(identifier).
CREATE UNIQUE INDEX organization_sso_by_identifier ON organization_sso (lower(identifier));
