-- Password reset by email (issue 29). A person who forgot their password
-- asks for a link; the link's token is stored only as its SHA-256, works
-- once and until expires_at. One row per person: a new request replaces the
-- token, so only the newest link works. Using it deletes the row.
CREATE TABLE password_resets (
    user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash bytea NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT password_resets_token_hash_length CHECK (octet_length(token_hash) = 32)
);
CREATE UNIQUE INDEX password_resets_token_hash_unique ON password_resets (token_hash);

-- The email goes out through the one outbox, to the account's own address
-- (users.email): no channel, no care link.
ALTER TABLE outbox DROP CONSTRAINT outbox_purpose_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_purpose_known CHECK (
    purpose IN ('alert', 'test', 'invitation', 'confirmation', 'password_reset'));
ALTER TABLE outbox DROP CONSTRAINT outbox_secret_link_purpose;
ALTER TABLE outbox ADD CONSTRAINT outbox_secret_link_purpose CHECK (
    secret_link IS NULL OR purpose IN ('invitation', 'confirmation', 'password_reset'));
ALTER TABLE outbox ADD CONSTRAINT outbox_password_reset_shape CHECK (
    purpose <> 'password_reset' OR (channel = 'email' AND channel_id IS NULL AND recipient_id = user_id));

-- A reset email's destination (0033) is its account's address's domain.
CREATE OR REPLACE FUNCTION lifeline_outbox_destination() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.destination := lifeline_destination(NEW.channel, coalesce(
        (SELECT ch.address FROM channels ch WHERE ch.id = NEW.channel_id),
        (SELECT il.invite_email FROM care_links il WHERE il.id = NEW.care_link_id),
        (SELECT u.email FROM users u WHERE NEW.purpose = 'password_reset' AND u.id = NEW.user_id)));
    RETURN NEW;
END
$$;
