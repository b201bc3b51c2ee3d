-- Plain PostgreSQL path (no TimescaleDB on this server): locations and
-- battery_readings stay ordinary tables. Rows arrive roughly in ts order, so a
-- BRIN index on ts is tiny and lets the Go retention job (retention_settings,
-- enforced_by = 'go') delete rows older than keep_days in ts-bounded batches
-- without a full scan. The btree keys of 0006 serve the per-user and
-- per-device queries on both paths.
CREATE INDEX locations_ts_brin ON locations USING brin (ts);
CREATE INDEX battery_readings_ts_brin ON battery_readings USING brin (ts);
