-- A safe zone's schedule alert fires once per window per device: remember
-- when it last did, beside the dwell and cool-down bookkeeping.
ALTER TABLE geofence_state ADD COLUMN schedule_alerted_at timestamptz;
