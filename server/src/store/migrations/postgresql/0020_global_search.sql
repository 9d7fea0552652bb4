-- PostgreSQL dialect of ../0020_global_search.sql (same version and name; see README.md in this folder).
-- Global search (issue 13, docs/design/search.md). SQLite keeps FTS5 shadow tables filled by triggers; PostgreSQL
-- searches the cameras, walls and export_jobs rows themselves, so this migration only adds indexes: trigram GIN
-- indexes (pg_trgm, shipped with PostgreSQL's contrib modules) for "anywhere in it" (ILIKE '%q%'). Without pg_trgm,
-- or without the right to create it, the migration still applies and such a search reads the rows.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX cameras_search_grams ON cameras USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX walls_search_grams ON walls USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX export_jobs_search_grams ON export_jobs USING gin (lower(filename) gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): global search reads the rows', SQLERRM;
END
$$;
