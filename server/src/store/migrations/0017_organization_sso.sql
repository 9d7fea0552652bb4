-- SAML single sign-on per organization (issue 12): the identifier people type on the sign-in page ("acme") and the
-- identity provider's metadata (entity id, sign-in and logout addresses, signing certificate) as the provider
-- published it. One identity provider per organization; the identifier is unique across organizations.
CREATE TABLE organization_sso (
  organization_id INTEGER PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  identifier TEXT NOT NULL UNIQUE COLLATE NOCASE,
  idp_metadata TEXT NOT NULL,
  updated_ms INTEGER NOT NULL
);
