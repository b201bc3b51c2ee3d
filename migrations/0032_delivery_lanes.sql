-- Delivery lanes: how urgent a row is, and the destinations that keep
-- failing.
--
-- priority orders the claim: 0 an SOS (and its "they're safe now" line),
-- 1 any other alert, 2 everything else (tests, invitations, confirmations).
-- It follows from the row's alert, so every statement that queues rows gets
-- it without saying so: a statement-level trigger sets it once the statement
-- is done (the alert may be inserted by the same statement, which a row
-- trigger could not see).
ALTER TABLE outbox ADD COLUMN priority smallint NOT NULL DEFAULT 2;
ALTER TABLE outbox ADD CONSTRAINT outbox_priority_known CHECK (priority IN (0, 1, 2));
UPDATE outbox o SET priority = CASE a.type WHEN 'sos' THEN 0 ELSE 1 END
FROM alerts a WHERE a.id = o.alert_id AND o.state = 'pending';

CREATE FUNCTION lifeline_outbox_priority() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE outbox o SET priority = CASE a.type WHEN 'sos' THEN 0 ELSE 1 END
    FROM queued q JOIN alerts a ON a.id = q.alert_id
    WHERE o.id = q.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER outbox_priority AFTER INSERT ON outbox
    REFERENCING NEW TABLE AS queued
    FOR EACH STATEMENT EXECUTE FUNCTION lifeline_outbox_priority();

-- The claim walks the lanes in order, oldest first in each.
DROP INDEX outbox_due_idx;
CREATE INDEX outbox_due_idx ON outbox (priority, next_attempt_at, id) WHERE state = 'pending';

-- A destination is a webhook's or push service's host, or an email
-- address's domain. One that fails again and again (no answer, refused,
-- 5xx) is paused: its rows wait, except an SOS's, until paused_until.
-- failures counts the attempts that failed in a row since failing_since
-- (the last at last_failure_at); a success deletes the row. pauses doubles
-- each pause's length.
CREATE TABLE destination_pauses (
    destination     text PRIMARY KEY,
    failures        integer NOT NULL DEFAULT 0,
    failing_since   timestamptz NOT NULL,
    last_failure_at timestamptz NOT NULL,
    -- timeout, refused or error: what the owner of a channel is told.
    problem         text NOT NULL,
    paused_until    timestamptz,
    pauses          integer NOT NULL DEFAULT 0,

    CONSTRAINT destination_pauses_problem_known CHECK (problem IN ('timeout', 'refused', 'error')),
    CONSTRAINT destination_pauses_destination_length CHECK (char_length(destination) <= 255)
);
