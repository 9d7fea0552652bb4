-- Global search, faster (issue 13, docs/design/search.md "Index"): one pair of FTS5 indexes per kind instead of one
-- pair for all kinds with an unindexed kind column. A search of one kind then reads only that kind's rows (before,
-- 'mp4' in the camera search read all 100,000 export jobs' postings to find no camera), and LIMIT stops it early.
-- org holds the single word "o<id>" in the word indexes (migration 0020's "org_<id>_" was two common words, "org" and
-- the id, in every row) and "~<id>~" in the trigram indexes (which index nothing shorter than 3 characters).
-- rowid = the item's id. "The name starts with q" is a B-tree range over lower(name) (ASCII case folding, as
-- SQLite's lower()): FTS5's `^"q"*` read every posting of a word common in names but never first.

CREATE INDEX cameras_by_lower_name ON cameras (lower(name));
CREATE INDEX walls_by_lower_name ON walls (organization_id, lower(name));
CREATE INDEX export_jobs_by_lower_filename ON export_jobs (organization_id, lower(filename));

DROP TRIGGER cameras_search_insert;
DROP TRIGGER cameras_search_update;
DROP TRIGGER cameras_search_delete;
DROP TRIGGER walls_search_insert;
DROP TRIGGER walls_search_update;
DROP TRIGGER walls_search_delete;
DROP TRIGGER export_jobs_search_insert;
DROP TRIGGER export_jobs_search_update;
DROP TRIGGER export_jobs_search_delete;
DROP TABLE search_words;
DROP TABLE search_grams;

CREATE VIRTUAL TABLE search_camera_words USING fts5(name, extra, org, network_id UNINDEXED, prefix = '1 2 3');
CREATE VIRTUAL TABLE search_camera_grams USING fts5(name, extra, org, network_id UNINDEXED, tokenize = 'trigram');

CREATE TRIGGER cameras_search_insert AFTER INSERT ON cameras BEGIN
  INSERT INTO search_camera_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'o' || (SELECT organization_id FROM networks WHERE id = NEW.network_id), NEW.network_id);
  INSERT INTO search_camera_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, '~' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '~', NEW.network_id);
END;

CREATE TRIGGER cameras_search_update AFTER UPDATE OF name, tags_json, model, serial, mac, network_id ON cameras BEGIN
  DELETE FROM search_camera_words WHERE rowid = OLD.id;
  DELETE FROM search_camera_grams WHERE rowid = OLD.id;
  INSERT INTO search_camera_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, 'o' || (SELECT organization_id FROM networks WHERE id = NEW.network_id), NEW.network_id);
  INSERT INTO search_camera_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, replace(replace(replace(replace(NEW.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || NEW.model || ' ' || NEW.serial || ' ' || NEW.mac, '~' || (SELECT organization_id FROM networks WHERE id = NEW.network_id) || '~', NEW.network_id);
END;

CREATE TRIGGER cameras_search_delete AFTER DELETE ON cameras BEGIN
  DELETE FROM search_camera_words WHERE rowid = OLD.id;
  DELETE FROM search_camera_grams WHERE rowid = OLD.id;
END;

INSERT INTO search_camera_words (rowid, name, extra, org, network_id) SELECT src.id, src.name, replace(replace(replace(replace(src.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || src.model || ' ' || src.serial || ' ' || src.mac, 'o' || (SELECT organization_id FROM networks WHERE id = src.network_id), src.network_id FROM cameras src;

INSERT INTO search_camera_grams (rowid, name, extra, org, network_id) SELECT src.id, src.name, replace(replace(replace(replace(src.tags_json, '[', ''), ']', ''), '"', ''), ',', ' ') || ' ' || src.model || ' ' || src.serial || ' ' || src.mac, '~' || (SELECT organization_id FROM networks WHERE id = src.network_id) || '~', src.network_id FROM cameras src;

CREATE VIRTUAL TABLE search_wall_words USING fts5(name, extra, org, network_id UNINDEXED, prefix = '1 2 3');
CREATE VIRTUAL TABLE search_wall_grams USING fts5(name, extra, org, network_id UNINDEXED, tokenize = 'trigram');

CREATE TRIGGER walls_search_insert AFTER INSERT ON walls BEGIN
  INSERT INTO search_wall_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, '', 'o' || NEW.organization_id, NEW.network_id);
  INSERT INTO search_wall_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, '', '~' || NEW.organization_id || '~', NEW.network_id);
END;

CREATE TRIGGER walls_search_update AFTER UPDATE OF name, network_id ON walls BEGIN
  DELETE FROM search_wall_words WHERE rowid = OLD.id;
  DELETE FROM search_wall_grams WHERE rowid = OLD.id;
  INSERT INTO search_wall_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, '', 'o' || NEW.organization_id, NEW.network_id);
  INSERT INTO search_wall_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.name, '', '~' || NEW.organization_id || '~', NEW.network_id);
END;

CREATE TRIGGER walls_search_delete AFTER DELETE ON walls BEGIN
  DELETE FROM search_wall_words WHERE rowid = OLD.id;
  DELETE FROM search_wall_grams WHERE rowid = OLD.id;
END;

INSERT INTO search_wall_words (rowid, name, extra, org, network_id) SELECT src.id, src.name, '', 'o' || src.organization_id, src.network_id FROM walls src;

INSERT INTO search_wall_grams (rowid, name, extra, org, network_id) SELECT src.id, src.name, '', '~' || src.organization_id || '~', src.network_id FROM walls src;

CREATE VIRTUAL TABLE search_export_words USING fts5(name, extra, org, network_id UNINDEXED, prefix = '1 2 3');
CREATE VIRTUAL TABLE search_export_grams USING fts5(name, extra, org, network_id UNINDEXED, tokenize = 'trigram');

CREATE TRIGGER export_jobs_search_insert AFTER INSERT ON export_jobs BEGIN
  INSERT INTO search_export_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.filename, NEW.camera_name, 'o' || NEW.organization_id, NEW.network_id);
  INSERT INTO search_export_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.filename, NEW.camera_name, '~' || NEW.organization_id || '~', NEW.network_id);
END;

CREATE TRIGGER export_jobs_search_update AFTER UPDATE OF filename, camera_name, network_id ON export_jobs BEGIN
  DELETE FROM search_export_words WHERE rowid = OLD.id;
  DELETE FROM search_export_grams WHERE rowid = OLD.id;
  INSERT INTO search_export_words (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.filename, NEW.camera_name, 'o' || NEW.organization_id, NEW.network_id);
  INSERT INTO search_export_grams (rowid, name, extra, org, network_id) VALUES (NEW.id, NEW.filename, NEW.camera_name, '~' || NEW.organization_id || '~', NEW.network_id);
END;

CREATE TRIGGER export_jobs_search_delete AFTER DELETE ON export_jobs BEGIN
  DELETE FROM search_export_words WHERE rowid = OLD.id;
  DELETE FROM search_export_grams WHERE rowid = OLD.id;
END;

INSERT INTO search_export_words (rowid, name, extra, org, network_id) SELECT src.id, src.filename, src.camera_name, 'o' || src.organization_id, src.network_id FROM export_jobs src;

INSERT INTO search_export_grams (rowid, name, extra, org, network_id) SELECT src.id, src.filename, src.camera_name, '~' || src.organization_id || '~', src.network_id FROM export_jobs src;
