-- Issue 30, notes: encouragement notes from supporters, and a supporter's
-- weekly digest email.

-- A note a supporter sends a person they support: a few words of their own
-- or one of the kind presets (preset names which; body holds its words as
-- sent). user_id is the wearer, who reads it; supporter_id wrote it (their
-- own export lists it). Either account's erasure takes it, and so does the
-- link's. muted: the wearer had muted this supporter when it came; it is
-- kept, so the supporter's list of what they sent is unchanged, and never
-- shown to the wearer.
CREATE TABLE care_notes (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    supporter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    care_link_id bigint NOT NULL REFERENCES care_links (id) ON DELETE CASCADE,
    body         text NOT NULL,
    preset       text,
    muted        boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    read_at      timestamptz,

    CONSTRAINT care_notes_body_length CHECK (char_length(body) BETWEEN 1 AND 280),
    CONSTRAINT care_notes_preset_known CHECK (preset IN ('thinking_of_you', 'proud_of_you', 'here_to_talk', 'one_day'))
);
CREATE INDEX care_notes_user_id_idx ON care_notes (user_id, created_at DESC);
CREATE INDEX care_notes_supporter_id_idx ON care_notes (supporter_id);
CREATE INDEX care_notes_care_link_idx ON care_notes (care_link_id, created_at DESC);

-- The wearer mutes a supporter's notes ("Mute notes from Sam"); the
-- supporter is not told.
ALTER TABLE care_links ADD COLUMN notes_muted boolean NOT NULL DEFAULT false;

-- A supporter's weekly summary of one person, by email, off until they
-- turn it on. digest_since is when they did: the one-click unsubscribe
-- token is a keyed digest of the link and this time, so turning it on
-- again makes the links of earlier emails stop working.
ALTER TABLE care_links
    ADD COLUMN digest       boolean NOT NULL DEFAULT false,
    ADD COLUMN digest_since timestamptz;
ALTER TABLE care_links ADD CONSTRAINT care_links_digest_since CHECK (NOT digest OR digest_since IS NOT NULL);

-- A digest's outbox row: the numbers within the grant, counted when the
-- row was queued (the worker words them), and the link it is about.
ALTER TABLE outbox
    ADD COLUMN digest         jsonb,
    ADD COLUMN digest_link_id bigint REFERENCES care_links (id) ON DELETE CASCADE;
ALTER TABLE outbox ADD CONSTRAINT outbox_digest_shape CHECK (
    (purpose = 'digest') = (digest IS NOT NULL AND digest_link_id IS NOT NULL));
CREATE INDEX outbox_digest_link_idx ON outbox (digest_link_id) WHERE digest_link_id IS NOT NULL;
-- A digest carries its one-click unsubscribe link in secret_link while it
-- is pending, as the other emails with a link do.
ALTER TABLE outbox DROP CONSTRAINT outbox_secret_link_purpose;
ALTER TABLE outbox ADD CONSTRAINT outbox_secret_link_purpose CHECK (
    secret_link IS NULL OR purpose IN ('invitation', 'confirmation', 'password_reset', 'digest'));
