-- Supporters act together (issue 30): the shared ground of claims, tiers
-- and the steps "Why this alert?" lists. Later migrations of the issue add
-- what one part needs on its own (one-tap links, asks, notes, digests).

-- Tiers: the wearer orders supporters. Tier 1 hears first; an alert nobody
-- claims within the wearer's window goes on to tier 2, then tier 3.
ALTER TABLE care_links ADD COLUMN tier smallint NOT NULL DEFAULT 1;
ALTER TABLE care_links ADD CONSTRAINT care_links_tier_range CHECK (tier BETWEEN 1 AND 3);

-- The wearer's window between tiers, and how long a claim may stay open
-- before its claimer is reminded; NULL: the domain's defaults
-- (lifeline.DefaultTierWindow, DefaultClaimRemindAfter).
ALTER TABLE escalation_settings
    ADD COLUMN tier_window_minutes  integer,
    ADD COLUMN claim_remind_minutes integer;

-- A claim: a supporter told of an alert says "I'm on it". The first claim
-- wins (UPDATE … WHERE claimed_by IS NULL); handing it back clears both
-- columns. A claimer may resolve the alert with a short note the wearer
-- reads: resolved_at and resolution (0023) end it for everyone as they
-- always did, resolved_by says who, resolution_note what they wrote.
-- A supporter who deletes their account leaves the wearer's alert whole.
ALTER TABLE alerts
    ADD COLUMN claimed_by      bigint REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN claimed_at      timestamptz,
    ADD COLUMN resolved_by     bigint REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN resolution_note text;
ALTER TABLE alerts ADD CONSTRAINT alerts_claim_pair CHECK ((claimed_by IS NULL) = (claimed_at IS NULL));
ALTER TABLE alerts ADD CONSTRAINT alerts_resolution_note_length CHECK (char_length(resolution_note) <= 500);
-- The caseload and People I support find open alerts a supporter claimed.
CREATE INDEX alerts_claimed_by_idx ON alerts (claimed_by) WHERE claimed_by IS NOT NULL;
CREATE INDEX alerts_resolved_by_idx ON alerts (resolved_by) WHERE resolved_by IS NOT NULL;

-- The steps people took on an alert, for "Why this alert?" (who was told
-- is in the outbox): claimed, handed back, resolved, reminded. user_id is
-- the wearer (export and erasure); actor_id the supporter, and actor_label
-- how the wearer knew them at the time, so the line still reads after the
-- link is gone.
CREATE TABLE alert_steps (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    alert_id    bigint NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    actor_id    bigint REFERENCES users (id) ON DELETE SET NULL,
    actor_label text NOT NULL DEFAULT '',
    kind        text NOT NULL,
    -- Where the step was taken: app, email (the one-tap link), push, ntfy.
    via         text,
    note        text,
    at          timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT alert_steps_kind_known CHECK (kind IN ('claimed', 'handed_back', 'resolved', 'reminded')),
    CONSTRAINT alert_steps_via_known CHECK (via IN ('app', 'email', 'push', 'ntfy')),
    CONSTRAINT alert_steps_note_length CHECK (char_length(note) <= 500)
);
CREATE INDEX alert_steps_alert_idx ON alert_steps (alert_id, at);
CREATE INDEX alert_steps_user_id_idx ON alert_steps (user_id);
CREATE INDEX alert_steps_actor_id_idx ON alert_steps (actor_id) WHERE actor_id IS NOT NULL;

-- What the outbox may carry from now on: the wearer told that someone is on
-- it (claim_notice) and the claimer reminded (claim_reminder), both about
-- an alert; the wearer's gentle ask for a call (ask); a supporter's weekly
-- digest (digest). Later migrations that
-- add a purpose rewrite this list whole.
ALTER TABLE outbox DROP CONSTRAINT outbox_purpose_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_purpose_known CHECK (
    purpose IN ('alert', 'test', 'invitation', 'confirmation', 'password_reset', 'claim_notice', 'claim_reminder', 'ask', 'digest'));
ALTER TABLE outbox DROP CONSTRAINT outbox_alert_has_alert;
ALTER TABLE outbox ADD CONSTRAINT outbox_alert_has_alert CHECK (
    (purpose IN ('alert', 'claim_notice', 'claim_reminder')) = (alert_id IS NOT NULL));
