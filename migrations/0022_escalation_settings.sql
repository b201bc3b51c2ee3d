-- When a wearer's supporters are told (issue 20): per alert kind, read when
-- an alert's deliveries are queued (store/escalation.go). No row: the
-- defaults (avoid zones after the server's --escalate-after, missed
-- check-ins on the second day, device alerts at once). SOS is always at once
-- and has no setting.
CREATE TABLE escalation_settings (
    user_id             bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- Avoid-zone alerts: told at all, and after how many minutes (NULL: the
    -- server's --escalate-after).
    avoid_zone_tell     boolean NOT NULL DEFAULT true,
    avoid_zone_minutes  integer,
    -- Missed check-ins: told once this many days run without one.
    missed_checkin_days integer NOT NULL DEFAULT 2,
    -- Low battery and bracelet offline: told at once, or not at all.
    device_tell         boolean NOT NULL DEFAULT true,
    updated_at          timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT escalation_settings_avoid_zone_minutes_range CHECK (avoid_zone_minutes BETWEEN 1 AND 120),
    CONSTRAINT escalation_settings_missed_checkin_days_range CHECK (missed_checkin_days BETWEEN 1 AND 7)
);
