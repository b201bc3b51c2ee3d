-- TimescaleDB path: applied instead of the plain variant when the server offers
-- the timescaledb extension. Needs TimescaleDB 2.13 or newer (by_range, the
-- generalised create_hypertable). The extension must be preloaded
-- (shared_preload_libraries, as the timescale/timescaledb image does) for
-- CREATE EXTENSION to work inside this transaction.
CREATE EXTENSION IF NOT EXISTS timescaledb;

-- Hypertables partitioned on ts. migrate_data moves any rows already present
-- into chunks. Chunk sizes: a bracelet reporting every 30 s writes ~2,900
-- fixes a day, so at thousands of devices one day of locations is a chunk
-- that fits comfortably in memory; battery packets are far fewer, so a week.
-- No default ts index: 0006's keys lead with user_id/device_id and include
-- ts, and retention drops whole chunks.
SELECT create_hypertable('locations', by_range('ts', INTERVAL '1 day'),
    create_default_indexes => false, if_not_exists => true, migrate_data => true);
SELECT create_hypertable('battery_readings', by_range('ts', INTERVAL '7 days'),
    create_default_indexes => false, if_not_exists => true, migrate_data => true);

-- Compression (the columnstore) and retention are background-job features of
-- the Community (TSL) licence. On an Apache-only build they are unavailable:
-- the tables stay uncompressed hypertables and retention_settings keeps
-- enforced_by = 'go', so the Go retention job deletes old rows as on the plain
-- path.
--
-- Compression: after 7 days a chunk is compressed, segmented by user and device
-- (what every query filters on; device_id determines user_id, so this adds no
-- segments) and ordered by ts DESC. The remaining key columns (seq, id) follow
-- ts in the ordering because TimescaleDB wants every primary-key and unique
-- column in segmentby or orderby; it then checks uniqueness of a late fix
-- (ON CONFLICT on a compressed chunk) by decompressing only the matching
-- batches.
--
-- Retention: raw locations and battery readings are dropped after 400 days,
-- matching retention_settings.keep_days (a test checks the two agree).
--
-- TimescaleDB 2.18 renamed compression to the columnstore
-- (enable_columnstore / add_columnstore_policy) and deprecated the old names
-- for removal in 3.0, so the newer API is used wherever it exists.
DO $$
BEGIN
    IF coalesce(current_setting('timescaledb.license', true), '') <> 'timescale' THEN
        RAISE NOTICE 'TimescaleDB without the Community licence: no compression or retention policy; Lifeline''s retention job keeps the window';
        RETURN;
    END IF;

    IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'add_columnstore_policy') THEN
        ALTER TABLE locations SET (
            timescaledb.enable_columnstore = true,
            timescaledb.segmentby = 'user_id, device_id',
            timescaledb.orderby = 'ts DESC, seq DESC, id DESC');
        ALTER TABLE battery_readings SET (
            timescaledb.enable_columnstore = true,
            timescaledb.segmentby = 'user_id, device_id',
            timescaledb.orderby = 'ts DESC, seq DESC');
        CALL add_columnstore_policy('locations', after => INTERVAL '7 days', if_not_exists => true);
        CALL add_columnstore_policy('battery_readings', after => INTERVAL '7 days', if_not_exists => true);
    ELSE
        ALTER TABLE locations SET (
            timescaledb.compress,
            timescaledb.compress_segmentby = 'user_id, device_id',
            timescaledb.compress_orderby = 'ts DESC, seq DESC, id DESC');
        ALTER TABLE battery_readings SET (
            timescaledb.compress,
            timescaledb.compress_segmentby = 'user_id, device_id',
            timescaledb.compress_orderby = 'ts DESC, seq DESC');
        PERFORM add_compression_policy('locations', compress_after => INTERVAL '7 days', if_not_exists => true);
        PERFORM add_compression_policy('battery_readings', compress_after => INTERVAL '7 days', if_not_exists => true);
    END IF;

    PERFORM add_retention_policy('locations', drop_after => INTERVAL '400 days', if_not_exists => true);
    PERFORM add_retention_policy('battery_readings', drop_after => INTERVAL '400 days', if_not_exists => true);

    UPDATE retention_settings
       SET enforced_by = 'timescaledb', updated_at = now()
     WHERE relation IN ('locations', 'battery_readings');
END
$$;
