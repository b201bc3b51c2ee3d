-- An SOS with a beginning and an end: a supporter can call the wearer back,
-- and "I'm safe now" (alerts.resolved_at, 0023) tells everyone who was told
-- of the SOS one short line on the channels they heard it on.

-- The person's own phone number, for supporters they let call or text them;
-- written loosely, as crisis contacts' are. NULL: none given.
ALTER TABLE users ADD COLUMN phone text;
ALTER TABLE users ADD CONSTRAINT users_phone_length CHECK (char_length(phone) BETWEEN 1 AND 40);

-- "Let them call or text me": the grant shows the wearer's phone number.
-- Off until ticked, like the rest of the grant.
ALTER TABLE care_links ADD COLUMN share_phone boolean NOT NULL DEFAULT false;
-- Each answer that showed it is in the audit log, as the rest of the grant.
ALTER TABLE care_views DROP CONSTRAINT care_views_what_known;
ALTER TABLE care_views ADD CONSTRAINT care_views_what_known CHECK (what IN ('checkins', 'alerts', 'location', 'phone'));

-- An outbox row that says its alert ended (the alert's resolved_at and
-- resolution) instead of that it was raised; its key is the told row's key
-- with ":safe" after it, so it is queued once per channel that was told.
ALTER TABLE outbox ADD COLUMN resolution boolean NOT NULL DEFAULT false;

-- The wearer's open SOS, read by every signed-in page (GET /api/sos).
CREATE INDEX alerts_open_sos_idx ON alerts (user_id, created_at DESC) WHERE type = 'sos' AND resolved_at IS NULL;
