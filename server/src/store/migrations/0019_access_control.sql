-- Door access control (issue 13, docs/design/access-control.md): how argusd reaches each partner, the doors it synced
-- from them, which cameras watch a door, and the door events the partners pushed.
ALTER TABLE access_control_integrations ADD COLUMN base_url TEXT NOT NULL DEFAULT '';
ALTER TABLE access_control_integrations ADD COLUMN webhook_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE access_control_integrations ADD COLUMN command_token TEXT NOT NULL DEFAULT '';
ALTER TABLE access_control_integrations ADD COLUMN can_issue_commands INTEGER NOT NULL DEFAULT 0;

CREATE TABLE doors (
  id INTEGER PRIMARY KEY,
  integration_id INTEGER NOT NULL REFERENCES access_control_integrations (id) ON DELETE CASCADE,
  uuid TEXT NOT NULL,
  name TEXT NOT NULL,
  location_uuid TEXT NOT NULL DEFAULT '',
  controller_uuid TEXT NOT NULL DEFAULT '',
  controller_name TEXT NOT NULL DEFAULT '',
  gone INTEGER NOT NULL DEFAULT 0,
  UNIQUE (integration_id, uuid)
);

CREATE TABLE door_cameras (
  door_id INTEGER NOT NULL REFERENCES doors (id) ON DELETE CASCADE,
  camera_id INTEGER NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  PRIMARY KEY (door_id, camera_id)
);
CREATE INDEX door_cameras_by_camera ON door_cameras (camera_id);

CREATE TABLE access_events (
  id INTEGER PRIMARY KEY,
  integration_id INTEGER NOT NULL REFERENCES access_control_integrations (id) ON DELETE CASCADE,
  door_id INTEGER NOT NULL REFERENCES doors (id) ON DELETE CASCADE,
  partner_event_id TEXT NOT NULL,
  time_ms INTEGER NOT NULL,
  type TEXT NOT NULL,
  message TEXT NOT NULL,
  card_number TEXT,
  actor_json TEXT NOT NULL,
  controller_uuid TEXT NOT NULL DEFAULT '',
  controller_name TEXT NOT NULL DEFAULT '',
  command_id TEXT,
  received_ms INTEGER NOT NULL,
  UNIQUE (integration_id, partner_event_id)
);
CREATE INDEX access_events_by_door_time ON access_events (door_id, time_ms);
CREATE INDEX access_events_by_time ON access_events (time_ms);
