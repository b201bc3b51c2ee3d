-- Delivery outside the app (issue 20): each person's notification channels,
-- their quiet hours, and the outbox a delivery worker drains. Outbox rows are
-- written by the same statement that inserts their alert, so an alert is
-- never stored without its deliveries, nor delivered without being stored.

-- SOS: a wearer asks their supporters for help now. "I'm okay": the wearer's
-- answer that stops an escalation.
ALTER TABLE alerts DROP CONSTRAINT alerts_type_known;
ALTER TABLE alerts ADD CONSTRAINT alerts_type_known CHECK (type IN (
    'missed_checkin', 'concerning_pattern', 'milestone', 'low_battery', 'device_offline',
    'geofence_enter_avoid', 'geofence_exit_safe', 'geofence_dwell', 'geofence_schedule',
    'sos'));                 -- the wearer asked their supporters for help
ALTER TABLE alerts ADD COLUMN okay_at timestamptz;

-- A person's ways of being told: an email address, or a webhook URL that
-- receives JSON (ntfy: the URL is an ntfy topic, sent with Title, Priority
-- and Tags headers). last_* is the newest delivery's outcome, for the
-- channel's "last delivery" line.
CREATE TABLE notification_channels (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind          text NOT NULL,
    address       text NOT NULL,
    ntfy          boolean NOT NULL DEFAULT false,
    enabled       boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_state    text,
    last_error    text,
    last_at       timestamptz,

    CONSTRAINT notification_channels_kind_known CHECK (kind IN ('email', 'webhook')),
    CONSTRAINT notification_channels_address_shape CHECK (
        char_length(address) BETWEEN 3 AND 500 AND address !~ '\s' AND
        CASE kind WHEN 'email' THEN address LIKE '_%@_%' ELSE address ~ '^https?://' END),
    CONSTRAINT notification_channels_ntfy_webhook CHECK (NOT ntfy OR kind = 'webhook'),
    CONSTRAINT notification_channels_last_state_known CHECK (last_state IN ('sent', 'failed')),
    CONSTRAINT notification_channels_last_error_length CHECK (char_length(last_error) <= 500)
);
CREATE INDEX notification_channels_user_id_idx ON notification_channels (user_id);

-- Quiet hours in the person's own time zone (users.timezone), as minutes
-- after midnight; start > end spans midnight. Deliveries due inside them wait
-- for the end, except SOS.
CREATE TABLE notify_settings (
    user_id       bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    quiet_start   smallint,
    quiet_end     smallint,
    updated_at    timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT notify_settings_quiet_pair CHECK ((quiet_start IS NULL) = (quiet_end IS NULL)),
    CONSTRAINT notify_settings_quiet_range CHECK (
        quiet_start BETWEEN 0 AND 1439 AND quiet_end BETWEEN 0 AND 1439 AND quiet_start <> quiet_end)
);

-- One message to one recipient on one channel. channel 'app' is the in-app
-- step of an escalation (the supporter sees the alert in "People I support"):
-- it has no channel row and is "sent" when its time comes. A test message has
-- no alert. user_id is the alert's owner (for a test, the recipient).
CREATE TABLE outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    alert_id        bigint REFERENCES alerts (id) ON DELETE CASCADE,
    recipient_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- wearer or supporter: what the message may say.
    role            text NOT NULL,
    channel         text NOT NULL,
    channel_id      bigint REFERENCES notification_channels (id) ON DELETE SET NULL,
    -- "alert:recipient:channel": receivers may deduplicate on it (webhook
    -- Idempotency-Key header, email Message-ID).
    idempotency_key text NOT NULL,
    -- An escalation step: sent only if the wearer has not answered "I'm
    -- okay" (and, for an avoid zone, is still inside) when it falls due.
    escalation      boolean NOT NULL DEFAULT false,
    state           text NOT NULL DEFAULT 'pending',
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- A worker that claimed the row holds it until then; a crashed worker's
    -- claim runs out and another worker retries.
    claimed_until   timestamptz,
    last_error      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz,

    CONSTRAINT outbox_idempotency_key_unique UNIQUE (idempotency_key),
    CONSTRAINT outbox_role_known CHECK (role IN ('wearer', 'supporter')),
    CONSTRAINT outbox_channel_known CHECK (channel IN ('app', 'email', 'webhook')),
    CONSTRAINT outbox_app_has_no_channel CHECK (channel <> 'app' OR channel_id IS NULL),
    CONSTRAINT outbox_state_known CHECK (state IN ('pending', 'sent', 'failed', 'skipped')),
    CONSTRAINT outbox_last_error_length CHECK (char_length(last_error) <= 500),
    CONSTRAINT outbox_sent_has_time CHECK ((state = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX outbox_user_id_idx ON outbox (user_id);
CREATE INDEX outbox_alert_id_idx ON outbox (alert_id) WHERE alert_id IS NOT NULL;
CREATE INDEX outbox_recipient_id_idx ON outbox (recipient_id);
CREATE INDEX outbox_channel_id_idx ON outbox (channel_id) WHERE channel_id IS NOT NULL;
-- The worker's claim: due pending rows, oldest first.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE state = 'pending';
