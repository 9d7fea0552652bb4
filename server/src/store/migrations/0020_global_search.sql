-- Global search (issue 13, docs/design/search.md): every camera, wall and export job of every organization in two
-- SQLite FTS5 indexes kept by triggers — search_words (unicode61 words, 2-letter prefix index) answers "the name
-- starts with" and "a word starts with", search_grams (trigram) answers "anywhere in it". rowid = id * 4 + slot
-- (camera 0, wall 1, export job 2) so a row is replaced without a scan. org holds "org_<id>_" (a whole token) so a
-- search reads one organization's rows only.

CREATE VIRTUAL TABLE search_words USING fts5(name, extra, org, kind UNINDEXED, network_id UNINDEXED, prefix = '2');

CREATE VIRTUAL TABLE search_grams USING fts5(name, extra, org, kind UNINDEXED, network_id UNINDEXED, tokenize = 'trigram');

CREATE TRIGGER cameras_search_insert AFTER INSERT ON cameras BEGIN
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 0, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '_', 'camera', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 0, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '_', 'camera', NEW.network_id);
END;

CREATE TRIGGER cameras_search_update AFTER UPDATE OF name, tags_json, model, serial, mac, network_id ON cameras BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 0;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 0;
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 0, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '_', 'camera', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 0, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '_', 'camera', NEW.network_id);
END;

CREATE TRIGGER cameras_search_delete AFTER DELETE ON cameras BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 0;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 0;
END;

INSERT INTO search_words (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 0, src.name, replace(replace(replace(replace(src.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || src.model || ' ' || src.serial || ' ' || src.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = src.network_id) || '_', 'camera', src.network_id FROM cameras src;

INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 0, src.name, replace(replace(replace(replace(src.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || src.model || ' ' || src.serial || ' ' || src.mac, 'org_' || (SELECT organization_id FROM networks WHERE id = src.network_id) || '_', 'camera', src.network_id FROM cameras src;

CREATE TRIGGER walls_search_insert AFTER INSERT ON walls BEGIN
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 1, NEW.name, '', 'org_' || NEW.organization_id || '_', 'video_wall', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 1, NEW.name, '', 'org_' || NEW.organization_id || '_', 'video_wall', NEW.network_id);
END;

CREATE TRIGGER walls_search_update AFTER UPDATE OF name, network_id ON walls BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 1;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 1;
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 1, NEW.name, '', 'org_' || NEW.organization_id || '_', 'video_wall', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 1, NEW.name, '', 'org_' || NEW.organization_id || '_', 'video_wall', NEW.network_id);
END;

CREATE TRIGGER walls_search_delete AFTER DELETE ON walls BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 1;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 1;
END;

INSERT INTO search_words (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 1, src.name, '', 'org_' || src.organization_id || '_', 'video_wall', src.network_id FROM walls src;

INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 1, src.name, '', 'org_' || src.organization_id || '_', 'video_wall', src.network_id FROM walls src;

CREATE TRIGGER export_jobs_search_insert AFTER INSERT ON export_jobs BEGIN
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 2, NEW.filename, NEW.camera_name, 'org_' || NEW.organization_id || '_', 'export_job', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 2, NEW.filename, NEW.camera_name, 'org_' || NEW.organization_id || '_', 'export_job', NEW.network_id);
END;

CREATE TRIGGER export_jobs_search_update AFTER UPDATE OF filename, camera_name, network_id ON export_jobs BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 2;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 2;
  INSERT INTO search_words (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 2, NEW.filename, NEW.camera_name, 'org_' || NEW.organization_id || '_', 'export_job', NEW.network_id);
  INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) VALUES (NEW.id * 4 + 2, NEW.filename, NEW.camera_name, 'org_' || NEW.organization_id || '_', 'export_job', NEW.network_id);
END;

CREATE TRIGGER export_jobs_search_delete AFTER DELETE ON export_jobs BEGIN
  DELETE FROM search_words WHERE rowid = OLD.id * 4 + 2;
  DELETE FROM search_grams WHERE rowid = OLD.id * 4 + 2;
END;

INSERT INTO search_words (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 2, src.filename, src.camera_name, 'org_' || src.organization_id || '_', 'export_job', src.network_id FROM export_jobs src;

INSERT INTO search_grams (rowid, name, extra, org, kind, network_id) SELECT src.id * 4 + 2, src.filename, src.camera_name, 'org_' || src.organization_id || '_', 'export_job', src.network_id FROM export_jobs src;
