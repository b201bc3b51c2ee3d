-- Bracelets, geofence zones and the geofence engine's persisted state.

-- A bracelet paired to a user. The id is chosen by Go ("brc_" + random) and is
-- also the MQTT client ID, username and topic segment, so it must stay free of
-- MQTT wildcards and separators. Only a hash of the device token is stored.
-- Revoking sets revoked_at; the row (and its history) stays.
CREATE TABLE devices (
    id                     text PRIMARY KEY,
    user_id                bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name                   text NOT NULL,
    token_hash             bytea NOT NULL,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now(),
    revoked_at             timestamptz,
    -- Health, updated by the ingest writer once per batch per device:
    -- last_seen_at is any packet, last_fix_at a position, last_battery_at a
    -- battery reading; together they tell "offline", "no GPS fix" and
    -- "battery died" apart.
    last_seen_at           timestamptz,
    last_fix_at            timestamptz,
    last_battery           smallint,
    last_battery_at        timestamptz,
    last_charging          boolean,
    -- Reporting interval pushed on bracelets/{id}/config (retained).
    interval_s             integer NOT NULL DEFAULT 30,
    -- Alert bookkeeping: low_battery fires once per discharge (cleared when the
    -- battery rises or charges); device_offline once per silence.
    low_battery_alerted_at timestamptz,
    offline_alerted_at     timestamptz,

    -- Composite key target for locations/battery_readings: a fix's user must
    -- be its device's owner.
    CONSTRAINT devices_id_user_unique UNIQUE (id, user_id),
    CONSTRAINT devices_id_shape CHECK (id ~ '^brc_[A-Za-z0-9_-]{4,60}$'),
    CONSTRAINT devices_name_present CHECK (btrim(name) <> '' AND char_length(name) <= 80),
    -- SHA-256 (32 bytes) or another digest of 16..64 bytes.
    CONSTRAINT devices_token_hash_length CHECK (octet_length(token_hash) BETWEEN 16 AND 64),
    CONSTRAINT devices_last_battery_range CHECK (last_battery BETWEEN 0 AND 100),
    CONSTRAINT devices_interval_range CHECK (interval_s BETWEEN 1 AND 86400)
) WITH (fillfactor = 80);  -- health columns change often: leave room for HOT updates
CREATE INDEX devices_user_id_idx ON devices (user_id);

-- Zones. A circle is a centre and a radius in metres; a polygon is a GeoJSON
-- geometry (Polygon with optional holes, or MultiPolygon for a zone split at
-- the antimeridian) whose validity (closed rings, no self-intersection, at most
-- 500 vertices) Go checks before saving. For a polygon, latitude/longitude may
-- hold a label point for the map popup.
CREATE TABLE zones (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            text NOT NULL,
    type            text NOT NULL,
    shape           text NOT NULL DEFAULT 'circle',
    latitude        double precision,
    longitude       double precision,
    radius_m        double precision,
    polygon         jsonb,
    is_active       boolean NOT NULL DEFAULT true,
    -- Avoid zones: alert only after this many minutes inside (NULL: on entry).
    dwell_minutes   integer,
    -- Safe zones: the user should be inside between these local times
    -- (users.timezone); may wrap midnight (22:00-06:00). NULL: no schedule.
    schedule_start  time,
    schedule_end    time,
    -- Per-zone overrides of the engine's confirmation rule (N consecutive
    -- confirming fixes or T seconds); NULL uses the engine's defaults.
    confirm_fixes   smallint,
    confirm_seconds integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT zones_name_length CHECK (char_length(btrim(name)) BETWEEN 1 AND 80),
    CONSTRAINT zones_type_valid CHECK (type IN ('safe', 'avoid')),
    CONSTRAINT zones_shape_valid CHECK (shape IN ('circle', 'polygon')),
    CONSTRAINT zones_latitude_range CHECK (latitude BETWEEN -90 AND 90),
    CONSTRAINT zones_longitude_range CHECK (longitude BETWEEN -180 AND 180),
    CONSTRAINT zones_radius_range CHECK (radius_m BETWEEN 10 AND 50000),
    CONSTRAINT zones_circle_geometry CHECK (shape <> 'circle' OR (
        latitude IS NOT NULL AND longitude IS NOT NULL AND radius_m IS NOT NULL
        AND polygon IS NULL)),
    CONSTRAINT zones_polygon_geometry CHECK (shape <> 'polygon' OR (
        radius_m IS NULL AND polygon IS NOT NULL
        AND jsonb_typeof(polygon) = 'object'
        AND polygon ->> 'type' IN ('Polygon', 'MultiPolygon')
        AND jsonb_typeof(polygon -> 'coordinates') = 'array')),
    CONSTRAINT zones_polygon_size CHECK (octet_length(polygon::text) <= 262144),
    CONSTRAINT zones_dwell_avoid_only CHECK (dwell_minutes IS NULL OR (
        type = 'avoid' AND dwell_minutes BETWEEN 1 AND 1440)),
    CONSTRAINT zones_schedule_safe_only CHECK (
        (schedule_start IS NULL AND schedule_end IS NULL)
        OR (type = 'safe' AND schedule_start IS NOT NULL AND schedule_end IS NOT NULL
            AND schedule_start <> schedule_end)),
    CONSTRAINT zones_confirm_fixes_range CHECK (confirm_fixes BETWEEN 1 AND 20),
    CONSTRAINT zones_confirm_seconds_range CHECK (confirm_seconds BETWEEN 0 AND 3600)
);
CREATE INDEX zones_user_id_idx ON zones (user_id);

-- The geofence engine's per (device, zone) state, written through on every
-- change so that a restart neither repeats an alert nor misses a transition.
-- device_key is the device id for bracelet fixes, or 'manual:<user id>' for
-- browser fixes (which have no device).
CREATE TABLE geofence_state (
    device_key       text NOT NULL,
    zone_id          bigint NOT NULL REFERENCES zones (id) ON DELETE CASCADE,
    user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Confirmed state and when it began (dwell time counts from here).
    inside           boolean NOT NULL,
    since            timestamptz NOT NULL,
    -- A transition being confirmed: the candidate state, how many confirming
    -- fixes so far, since when, and the fixes kept as alert evidence.
    pending_inside   boolean,
    pending_count    integer NOT NULL DEFAULT 0,
    pending_since    timestamptz,
    pending_evidence jsonb,
    -- Fix time of the newest fix applied; older (out-of-order) fixes change nothing.
    last_fix_ts      timestamptz,
    -- Cool-down and dwell bookkeeping.
    last_alert_at    timestamptz,
    dwell_alerted_at timestamptz,
    updated_at       timestamptz NOT NULL DEFAULT now(),

    PRIMARY KEY (device_key, zone_id),
    CONSTRAINT geofence_state_device_key_shape CHECK (device_key ~ '^(brc_[A-Za-z0-9_-]{4,60}|manual:[0-9]+)$'),
    CONSTRAINT geofence_state_pending_count_nonnegative CHECK (pending_count >= 0),
    CONSTRAINT geofence_state_pending_evidence_array CHECK (jsonb_typeof(pending_evidence) = 'array')
) WITH (fillfactor = 80);  -- rewritten on many fixes: leave room for HOT updates
CREATE INDEX geofence_state_zone_id_idx ON geofence_state (zone_id);
CREATE INDEX geofence_state_user_id_idx ON geofence_state (user_id);
