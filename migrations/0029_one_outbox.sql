-- One outbox (issue 28): everything that leaves the server is an outbox row
-- sent by the one delivery worker. A row says what it is for:
--   alert        an alert (or, with resolution, the line that says it ended)
--   test         "Send a test" on a channel
--   invitation   the email that carries a care-circle invitation
--   confirmation the email that asks an address's owner to confirm it
-- The invitation emails' own queue (0021) moves in here and is dropped.
ALTER TABLE outbox ADD COLUMN purpose text NOT NULL DEFAULT 'alert';
UPDATE outbox SET purpose = 'test' WHERE alert_id IS NULL;
ALTER TABLE outbox ADD CONSTRAINT outbox_purpose_known CHECK (purpose IN ('alert', 'test', 'invitation', 'confirmation'));
ALTER TABLE outbox ADD CONSTRAINT outbox_alert_has_alert CHECK ((purpose = 'alert') = (alert_id IS NOT NULL));

-- An invitation's recipient has no account yet: its address is the care
-- link's invite_email, its role none.
ALTER TABLE outbox ADD COLUMN care_link_id bigint REFERENCES care_links (id) ON DELETE CASCADE;
CREATE INDEX outbox_care_link_id_idx ON outbox (care_link_id) WHERE care_link_id IS NOT NULL;
ALTER TABLE outbox ALTER COLUMN recipient_id DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN role DROP NOT NULL;
ALTER TABLE outbox ADD CONSTRAINT outbox_invitation_shape CHECK (
    (purpose = 'invitation') = (care_link_id IS NOT NULL) AND
    (purpose = 'invitation') = (recipient_id IS NULL) AND
    (purpose = 'invitation') = (role IS NULL));

-- secret_link is a link that carries a one-time token (an invitation's
-- accept link, an address's confirmation link) in plain text: kept only
-- while the row is still to be sent.
ALTER TABLE outbox ADD COLUMN secret_link text;
ALTER TABLE outbox ADD CONSTRAINT outbox_secret_link_only_pending CHECK (state = 'pending' OR secret_link IS NULL);
ALTER TABLE outbox ADD CONSTRAINT outbox_secret_link_purpose CHECK (secret_link IS NULL OR purpose IN ('invitation', 'confirmation'));

INSERT INTO outbox (user_id, purpose, channel, care_link_id, secret_link, idempotency_key, state, attempts,
                    next_attempt_at, claimed_until, last_error, created_at, sent_at)
SELECT user_id, 'invitation', 'email', link_id, accept_url, 'invite:' || link_id, state, attempts,
       next_attempt_at, claimed_until, last_error, created_at, sent_at
FROM invitation_emails;

DROP TABLE invitation_emails;
