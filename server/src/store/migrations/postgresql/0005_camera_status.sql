-- PostgreSQL dialect of ../0005_camera_status.sql (same version and name; see README.md in this folder).
-- Why a camera is offline and since when (UTC ms), and why arriving video is not recorded: written by the recorder
-- with status (docs/design/recording.md "Camera status"); NULL while the camera is active / recording works.
ALTER TABLE cameras ADD COLUMN offline_reason text;
ALTER TABLE cameras ADD COLUMN offline_since_ms bigint;
ALTER TABLE cameras ADD COLUMN recording_problem text;
