-- PostgreSQL dialect of ../0022_motion_telemetry_by_time.sql (same version and name; see README.md in this folder).
-- Motion search telemetry summarized per organization and day, and dropped after 90 days (docs/design/search.md
-- "Motion search telemetry").
CREATE INDEX motion_search_telemetry_by_org_time ON motion_search_telemetry (organization_id, received_ms);
CREATE INDEX motion_search_telemetry_by_time ON motion_search_telemetry (received_ms);
