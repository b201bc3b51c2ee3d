-- Issue 27, part B.

-- What each device had refused today. Over MQTT 3.1.1 a refused report is
-- acknowledged like a stored one (the protocol has no negative PUBACK), and
-- a phone app over HTTP only writes a refusal into its own log: the owner
-- learns of them on the device card ("3 reports refused today: why").
-- refused_on is the owner's local date the count belongs to; a count of an
-- earlier day is stale and read as none. The refused_* columns describe the
-- latest refusal. They go with the device.
ALTER TABLE devices
    ADD COLUMN refused_on date,
    ADD COLUMN refused_count integer NOT NULL DEFAULT 0,
    ADD COLUMN refused_at timestamptz,
    ADD COLUMN refused_reason text,
    ADD COLUMN refused_detail text,
    ADD CONSTRAINT devices_refused_count_nonnegative CHECK (refused_count >= 0),
    ADD CONSTRAINT devices_refused_reason_length CHECK (char_length(refused_reason) <= 40),
    ADD CONSTRAINT devices_refused_detail_length CHECK (char_length(refused_detail) <= 300);

-- Erase means erase. The sign-in, sign-up and chat counters now keep keyed
-- digests of their keys (store/throttle.go), never an email or a client
-- address in clear, and erasing an account deletes the counters of its
-- email. The counters written before this migration hold plain keys that no
-- digest will match again; they live a day at most, so they go now (every
-- limit starts afresh once, at this upgrade).
DELETE FROM signin_throttle;
DELETE FROM auth_throttle;
