-- Why a camera is offline and since when (UTC ms), and why arriving video is not recorded: written by the recorder
-- with status (docs/design/recording.md "Camera status"); NULL while the camera is active / recording works.
ALTER TABLE cameras ADD COLUMN offline_reason TEXT;
ALTER TABLE cameras ADD COLUMN offline_since_ms INTEGER;
ALTER TABLE cameras ADD COLUMN recording_problem TEXT;
