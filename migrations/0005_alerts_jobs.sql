-- Alerts (check-in, pattern, milestone, device and geofence) and scheduler
-- bookkeeping. Live delivery uses LISTEN/NOTIFY and needs no table; an SSE
-- client resumes alert events with Last-Event-ID = alerts.id.

CREATE TABLE alerts (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type       text NOT NULL,
    message    text NOT NULL,
    -- In-app next step such as '/crisis' or '/checkin'; never an outside URL.
    link       text,
    is_read    boolean NOT NULL DEFAULT false,
    -- What makes two alerts "the same": generators insert with
    -- ON CONFLICT (user_id, type, dedup_key) DO NOTHING, so the database
    -- deduplicates across restarts and nodes. Examples:
    --   missed_checkin        '2025-11-22'                (local date)
    --   milestone             '30:2025-10-24'             (days : streak start)
    --   concerning_pattern    'substance:2025-11-22', 'cravings:2025-11-22'
    --   low_battery           'brc_x:2025-11-22T06:10Z'   (discharge start)
    --   device_offline        'brc_x:2025-11-22T09:00Z'   (silence start)
    --   geofence_*            'zone 12:brc_x:<confirmed transition time>'
    dedup_key  text NOT NULL,
    -- Geofence and device alerts point at their subject; the message keeps
    -- the names, so deleting the zone or device only clears the link.
    zone_id    bigint REFERENCES zones (id) ON DELETE SET NULL,
    device_id  text REFERENCES devices (id) ON DELETE SET NULL,
    -- "Why this alert?": the confirming fixes, their accuracy, the distance to
    -- the edge and the rule applied, as the geofence engine recorded them.
    evidence   jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT alerts_dedup UNIQUE (user_id, type, dedup_key),
    CONSTRAINT alerts_type_known CHECK (type IN (
        'missed_checkin',        -- no check-in by the user's local evening
        'concerning_pattern',    -- substance use reported, cravings or mood trend
        'milestone',             -- streak reached 7, 30, 90 or 365 days
        'low_battery',           -- bracelet at or below 15%, once per discharge
        'device_offline',        -- a reporting bracelet went silent
        'geofence_enter_avoid',  -- entered an avoid zone
        'geofence_exit_safe',    -- left a safe zone
        'geofence_dwell',        -- stayed in an avoid zone past its dwell time
        'geofence_schedule')),   -- outside a safe zone during its schedule
    CONSTRAINT alerts_message_present CHECK (btrim(message) <> '' AND char_length(message) <= 1000),
    CONSTRAINT alerts_link_internal CHECK (link ~ '^/([^/\\]|$)' AND char_length(link) <= 200),
    CONSTRAINT alerts_dedup_key_length CHECK (char_length(dedup_key) BETWEEN 1 AND 200),
    CONSTRAINT alerts_evidence_object CHECK (jsonb_typeof(evidence) = 'object')
);
-- alerts_dedup (user_id, ...) covers the user_id cascade; this one serves the
-- newest-first list and the unread count.
CREATE INDEX alerts_user_created_idx ON alerts (user_id, created_at DESC, id DESC);
CREATE INDEX alerts_user_unread_idx ON alerts (user_id) WHERE NOT is_read;
CREATE INDEX alerts_zone_id_idx ON alerts (zone_id) WHERE zone_id IS NOT NULL;
CREATE INDEX alerts_device_id_idx ON alerts (device_id) WHERE device_id IS NOT NULL;

-- Scheduler bookkeeping: one row per job run slot. A node claims a slot with
-- INSERT ... ON CONFLICT DO NOTHING, so each slot runs once across restarts
-- and nodes; finished_at/error record the outcome for /metrics and logs.
-- Examples: ('missed_checkin', '2025-11-22T21:00Z'), ('retention', '2025-11-22').
CREATE TABLE job_runs (
    job         text NOT NULL,
    run_key     text NOT NULL,
    node        text,
    started_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    error       text,

    PRIMARY KEY (job, run_key),
    CONSTRAINT job_runs_job_shape CHECK (job ~ '^[a-z][a-z0-9_]{0,62}$'),
    CONSTRAINT job_runs_run_key_length CHECK (char_length(run_key) BETWEEN 1 AND 200)
);
CREATE INDEX job_runs_started_at_idx ON job_runs (started_at);
