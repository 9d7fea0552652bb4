-- Initial schema: organizations, users, memberships, fleet (networks, cameras, floor plans), privileges, feature
-- flags, integrations, sessions and server settings. Portable SQL: SQLite and PostgreSQL read it alike.

CREATE TABLE organizations (
  id INTEGER PRIMARY KEY,
  eid TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  shard_id INTEGER NOT NULL DEFAULT 1,
  manage_url TEXT NOT NULL DEFAULT '',
  google_maps_api_key TEXT NOT NULL DEFAULT '',
  google_maps_client_id TEXT NOT NULL DEFAULT ''
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  email_lower TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  min_idle_timeout_minutes INTEGER NOT NULL DEFAULT 30,
  password_expired INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE memberships (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  is_admin INTEGER NOT NULL DEFAULT 0,
  is_org_write_admin INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, organization_id)
);

CREATE TABLE networks (
  id INTEGER PRIMARY KEY,
  eid TEXT NOT NULL UNIQUE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  timezone TEXT NOT NULL,
  tags_json TEXT NOT NULL DEFAULT '[]',
  locale_id TEXT NOT NULL DEFAULT 'en',
  local_lanname TEXT NOT NULL DEFAULT ''
);
CREATE INDEX networks_by_organization ON networks (organization_id);

CREATE TABLE monitor_only_admins (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, network_id)
);

CREATE TABLE cameras (
  id INTEGER PRIMARY KEY,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  mac TEXT NOT NULL UNIQUE,
  serial TEXT NOT NULL UNIQUE,
  model TEXT NOT NULL,
  name TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  tags_json TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'offline',
  camera_type TEXT NOT NULL DEFAULT 'standard',
  ip TEXT,
  local_lan_address TEXT,
  has_cloud_archive INTEGER NOT NULL DEFAULT 0,
  is_demo INTEGER NOT NULL DEFAULT 0,
  product_short_description TEXT NOT NULL DEFAULT '',
  channel_id INTEGER NOT NULL UNIQUE,
  channel_json TEXT NOT NULL DEFAULT '{}',
  config_json TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX cameras_by_network ON cameras (network_id);

CREATE TABLE floor_plans (
  id INTEGER PRIMARY KEY,
  network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  image_file_name TEXT NOT NULL,
  image_extension TEXT NOT NULL,
  image_md5 TEXT NOT NULL,
  locale_id TEXT NOT NULL DEFAULT 'en',
  is_geoaligned INTEGER NOT NULL DEFAULT 0,
  ne_lat REAL NOT NULL,
  ne_lng REAL NOT NULL,
  sw_lat REAL NOT NULL,
  sw_lng REAL NOT NULL,
  rotation_angle REAL NOT NULL DEFAULT 0
);
CREATE INDEX floor_plans_by_network ON floor_plans (network_id);

CREATE TABLE camera_placements (
  camera_id INTEGER PRIMARY KEY REFERENCES cameras (id) ON DELETE CASCADE,
  floor_plan_id INTEGER NOT NULL REFERENCES floor_plans (id) ON DELETE CASCADE,
  lat REAL NOT NULL,
  lng REAL NOT NULL
);

CREATE TABLE privileges (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  scope TEXT NOT NULL CHECK (scope IN ('organization', 'network', 'network_tag', 'camera', 'camera_tag')),
  network_id INTEGER REFERENCES networks (id) ON DELETE CASCADE,
  camera_id INTEGER REFERENCES cameras (id) ON DELETE CASCADE,
  tag TEXT,
  can_write INTEGER NOT NULL DEFAULT 0,
  can_export INTEGER NOT NULL DEFAULT 0,
  can_historical INTEGER NOT NULL DEFAULT 0,
  can_live INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX privileges_by_user ON privileges (user_id, organization_id);

CREATE TABLE feature_flags (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  feature TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  org_wide INTEGER NOT NULL DEFAULT 0,
  network_ids_json TEXT NOT NULL DEFAULT '[]',
  UNIQUE (organization_id, feature)
);

CREATE TABLE shard_features (
  shard_id INTEGER NOT NULL,
  feature TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (shard_id, feature)
);

CREATE TABLE access_control_integrations (
  id INTEGER PRIMARY KEY,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  partner TEXT NOT NULL,
  name TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  network_ids_json TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  remember INTEGER NOT NULL DEFAULT 0,
  idle_timeout_ms INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
);

CREATE TABLE server_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
