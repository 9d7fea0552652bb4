-- PostgreSQL dialect of ../0024_network_shards.sql (same version and name; see README.md in this folder).
-- Shards (issue 14, docs/design/scale.md "Shards"): the network -> shard map. Each argusd (--shard-id N) ingests,
-- records, analyses and serves the networks whose shard_id is N; every network starts on shard 1, and
-- `argusd network move` changes it.
ALTER TABLE networks ADD COLUMN shard_id bigint NOT NULL DEFAULT 1 CHECK (shard_id >= 1);
CREATE INDEX networks_by_shard ON networks (shard_id);
