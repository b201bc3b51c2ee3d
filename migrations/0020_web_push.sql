-- Web push (issue 20): the server's VAPID key pair (RFC 8292), made once and
-- shared by every API node, and each person's push subscriptions (one per
-- browser that turned notifications on). Every alert that queues deliveries
-- queues one 'push' row per subscription of each recipient.

-- One row: the P-256 key pair the server signs its VAPID JWTs with. The
-- first node that needs it inserts it; the others read the same one.
CREATE TABLE push_vapid_keys (
    id          smallint PRIMARY KEY DEFAULT 1,
    public_key  bytea NOT NULL,   -- uncompressed point, 65 bytes
    private_key bytea NOT NULL,   -- the scalar, 32 bytes
    created_at  timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT push_vapid_keys_one_row CHECK (id = 1),
    CONSTRAINT push_vapid_keys_public_length CHECK (octet_length(public_key) = 65),
    CONSTRAINT push_vapid_keys_private_length CHECK (octet_length(private_key) = 32)
);

-- A browser's PushSubscription: the push service's endpoint (an outside URL
-- the browser chose), the browser's ECDH public key and auth secret
-- (base64url, as PushSubscription.toJSON gives them). An endpoint belongs to
-- one browser: when another person turns push on in it, the row moves.
CREATE TABLE push_subscriptions (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint    text NOT NULL,
    p256dh      text NOT NULL,
    auth        text NOT NULL,
    label       text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    last_state  text,
    last_error  text,
    last_at     timestamptz,

    CONSTRAINT push_subscriptions_endpoint_unique UNIQUE (endpoint),
    CONSTRAINT push_subscriptions_endpoint_shape CHECK (
        char_length(endpoint) BETWEEN 10 AND 1000 AND endpoint ~ '^https?://' AND endpoint !~ '\s'),
    CONSTRAINT push_subscriptions_p256dh_shape CHECK (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
    CONSTRAINT push_subscriptions_auth_shape CHECK (auth ~ '^[A-Za-z0-9_-]{22}$'),
    CONSTRAINT push_subscriptions_label_length CHECK (char_length(label) <= 80),
    CONSTRAINT push_subscriptions_last_state_known CHECK (last_state IN ('sent', 'failed')),
    CONSTRAINT push_subscriptions_last_error_length CHECK (char_length(last_error) <= 500)
);
CREATE INDEX push_subscriptions_user_id_idx ON push_subscriptions (user_id);

-- A push row names its subscription instead of a channel; a subscription
-- the browser ended (404/410) is deleted and its waiting rows are skipped.
ALTER TABLE outbox ADD COLUMN push_subscription_id bigint REFERENCES push_subscriptions (id) ON DELETE SET NULL;
CREATE INDEX outbox_push_subscription_id_idx ON outbox (push_subscription_id) WHERE push_subscription_id IS NOT NULL;
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_known CHECK (channel IN ('app', 'email', 'webhook', 'push'));
ALTER TABLE outbox ADD CONSTRAINT outbox_push_has_no_channel CHECK (channel <> 'push' OR channel_id IS NULL);
