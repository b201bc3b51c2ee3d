-- Never silent. The wearer's "I'm okay" ends the geofence
-- engine's cool-down for the alert it answers, so walking back into the
-- zone alerts again: okay_at is when the alert at last_alert_at was
-- answered (NULL: not answered). The node where the wearer answers writes
-- it, in the answer's transaction, so every node and a restart know.
ALTER TABLE geofence_state ADD COLUMN okay_at timestamptz;

-- Device alerts end when their cause does (a bracelet reporting again, a
-- battery charging): the minute job finds the open ones here.
CREATE INDEX alerts_open_device_idx ON alerts (device_id)
    WHERE resolved_at IS NULL AND type IN ('device_offline', 'low_battery');
