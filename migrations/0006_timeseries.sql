-- Time series: one row per fix (locations) and per battery packet
-- (battery_readings). These definitions are shared by both storage paths;
-- version 0007 then makes them hypertables (TimescaleDB) or adds BRIN indexes
-- (plain PostgreSQL). TimescaleDB requires every primary key and unique index
-- of a hypertable to include the time column ts, so every key here does.

-- How long raw time series are kept. The ingest decoder rejects fixes older
-- than this window; on the plain path a Go job deletes older rows daily; on
-- TimescaleDB a retention policy drops old chunks and 0007's timescale variant
-- sets enforced_by = 'timescaledb' so the Go job leaves the table alone.
-- Changing keep_days later needs a migration that also replaces the policy.
CREATE TABLE retention_settings (
    relation    text PRIMARY KEY,
    keep_days   integer NOT NULL,
    enforced_by text NOT NULL DEFAULT 'go',
    updated_at  timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT retention_settings_relation_known CHECK (relation IN ('locations', 'battery_readings')),
    CONSTRAINT retention_settings_keep_days_positive CHECK (keep_days > 0),
    CONSTRAINT retention_settings_enforced_by_known CHECK (enforced_by IN ('go', 'timescaledb'))
);
INSERT INTO retention_settings (relation, keep_days) VALUES
    ('locations', 400),
    ('battery_readings', 400);

CREATE TABLE locations (
    id            bigint GENERATED ALWAYS AS IDENTITY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- NULL for browser ('manual') fixes, which have no device.
    device_id     text,
    source        text NOT NULL,
    -- Fix time from the device (or the server for manual fixes).
    ts            timestamptz NOT NULL,
    -- The bracelet's per-device sequence number; NULL for manual fixes.
    seq           bigint,
    latitude      double precision NOT NULL,
    longitude     double precision NOT NULL,
    accuracy      double precision,           -- metres
    -- Battery in the fix itself, else the last known battery at that time.
    battery_level smallint,
    received_at   timestamptz NOT NULL DEFAULT now(),

    -- Leads with user_id, so it also serves "latest fix of a user" and "a
    -- user's fixes in a time range" (ORDER BY ts DESC, id DESC), and the
    -- user_id cascade.
    CONSTRAINT locations_pkey PRIMARY KEY (user_id, ts, id),
    -- A re-sent fix is stored once: the writer inserts with
    -- ON CONFLICT (device_id, ts, seq) DO NOTHING. Manual fixes (NULL
    -- device_id) are never duplicates of each other.
    CONSTRAINT locations_device_fix_unique UNIQUE (device_id, ts, seq),
    -- Also ties a bracelet fix's user to the device's owner.
    CONSTRAINT locations_device_fk FOREIGN KEY (device_id, user_id)
        REFERENCES devices (id, user_id) ON DELETE CASCADE,
    CONSTRAINT locations_source_valid CHECK (source IN ('bracelet', 'manual')),
    CONSTRAINT locations_source_matches_device CHECK ((source = 'bracelet') = (device_id IS NOT NULL)),
    CONSTRAINT locations_bracelet_has_seq CHECK (source <> 'bracelet' OR seq IS NOT NULL),
    CONSTRAINT locations_seq_nonnegative CHECK (seq >= 0),
    -- BETWEEN also rejects NaN and infinities (NaN sorts above every number).
    CONSTRAINT locations_latitude_range CHECK (latitude BETWEEN -90 AND 90),
    CONSTRAINT locations_longitude_range CHECK (longitude BETWEEN -180 AND 180),
    CONSTRAINT locations_accuracy_range CHECK (accuracy >= 0 AND accuracy < 'Infinity'::double precision),
    CONSTRAINT locations_battery_range CHECK (battery_level BETWEEN 0 AND 100)
);

CREATE TABLE battery_readings (
    device_id   text NOT NULL,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ts          timestamptz NOT NULL,
    seq         bigint NOT NULL,
    battery     smallint NOT NULL,
    charging    boolean,                      -- NULL when the packet omits it
    received_at timestamptz NOT NULL DEFAULT now(),

    -- Identifies a packet, so a re-sent one is stored once (ON CONFLICT DO
    -- NOTHING), and serves a device's readings over time (time-left estimate).
    CONSTRAINT battery_readings_pkey PRIMARY KEY (device_id, ts, seq),
    CONSTRAINT battery_readings_device_fk FOREIGN KEY (device_id, user_id)
        REFERENCES devices (id, user_id) ON DELETE CASCADE,
    CONSTRAINT battery_readings_seq_nonnegative CHECK (seq >= 0),
    CONSTRAINT battery_readings_battery_range CHECK (battery BETWEEN 0 AND 100)
);
-- The user_id cascade and the account export.
CREATE INDEX battery_readings_user_ts_idx ON battery_readings (user_id, ts);
