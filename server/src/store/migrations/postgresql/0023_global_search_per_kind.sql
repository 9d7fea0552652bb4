-- PostgreSQL dialect of ../0023_global_search_per_kind.sql (same version and name; see README.md in this folder).
-- Global search, faster (issue 13, docs/design/search.md "Index"). SQLite splits its FTS5 indexes per kind here;
-- PostgreSQL has none to split (0020). What both get: "the name starts with q" as a B-tree range over lower(name)
-- (text_pattern_ops, so that LIKE 'q%' uses it whatever the database's collation).
CREATE INDEX cameras_by_lower_name ON cameras (lower(name) text_pattern_ops);
CREATE INDEX walls_by_lower_name ON walls (organization_id, lower(name) text_pattern_ops);
CREATE INDEX export_jobs_by_lower_filename ON export_jobs (organization_id, lower(filename) text_pattern_ops);
