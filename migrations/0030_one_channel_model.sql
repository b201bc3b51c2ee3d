-- One channel model (issue 28): email, webhook, ntfy and web push are kinds
-- of one channel. notification_channels becomes channels; each browser's
-- push subscription (0020) becomes a channel of kind 'push' whose address
-- is the push service's endpoint, with the browser's keys and a label
-- naming the device. Its outbox rows follow it.
ALTER TABLE notification_channels RENAME TO channels;
ALTER INDEX notification_channels_user_id_idx RENAME TO channels_user_id_idx;
ALTER TABLE channels RENAME CONSTRAINT notification_channels_ntfy_webhook TO channels_ntfy_webhook;
ALTER TABLE channels RENAME CONSTRAINT notification_channels_last_state_known TO channels_last_state_known;
ALTER TABLE channels RENAME CONSTRAINT notification_channels_last_error_length TO channels_last_error_length;
ALTER TABLE channels DROP CONSTRAINT notification_channels_kind_known;
ALTER TABLE channels DROP CONSTRAINT notification_channels_address_shape;

ALTER TABLE channels ADD COLUMN p256dh text;
ALTER TABLE channels ADD COLUMN auth text;
ALTER TABLE channels ADD COLUMN label text NOT NULL DEFAULT '';
ALTER TABLE channels ADD COLUMN push_subscription_id bigint; -- only while moving

INSERT INTO channels (user_id, kind, address, p256dh, auth, label, created_at, last_state, last_error, last_at, push_subscription_id)
SELECT user_id, 'push', endpoint, p256dh, auth, label, created_at, last_state, last_error, last_at, id
FROM push_subscriptions;

ALTER TABLE outbox DROP CONSTRAINT outbox_push_has_no_channel;
UPDATE outbox o SET channel_id = c.id FROM channels c WHERE c.push_subscription_id = o.push_subscription_id;
ALTER TABLE outbox DROP COLUMN push_subscription_id;
ALTER TABLE channels DROP COLUMN push_subscription_id;
DROP TABLE push_subscriptions;

ALTER TABLE channels ADD CONSTRAINT channels_kind_known CHECK (kind IN ('email', 'webhook', 'push'));
ALTER TABLE channels ADD CONSTRAINT channels_address_shape CHECK (
    char_length(address) BETWEEN 3 AND 1000 AND address !~ '\s' AND
    CASE kind WHEN 'email' THEN address LIKE '_%@_%' AND char_length(address) <= 254
              WHEN 'webhook' THEN address ~ '^https?://' AND char_length(address) <= 500
              ELSE address ~ '^https?://' AND char_length(address) >= 10 END);
-- A push channel carries the browser's keys (base64url, as
-- PushSubscription.toJSON gives them); no other kind has keys.
ALTER TABLE channels ADD CONSTRAINT channels_push_keys CHECK (
    CASE kind WHEN 'push' THEN p256dh ~ '^[A-Za-z0-9_-]{87}$' AND auth ~ '^[A-Za-z0-9_-]{22}$'
              ELSE p256dh IS NULL AND auth IS NULL END);
ALTER TABLE channels ADD CONSTRAINT channels_label_length CHECK (char_length(label) <= 80);
-- An endpoint belongs to one browser: when another person turns push on in
-- it, the channel moves to them.
CREATE UNIQUE INDEX channels_push_endpoint_unique ON channels (address) WHERE kind = 'push';
