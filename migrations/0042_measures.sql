-- Issue 31, shared ground: validated questionnaires (PHQ-9, GAD-7, the Brief
-- Addiction Monitor, AUDIT-C), early-warning signals, and the two scopes a
-- grant gains for them. The instruments themselves (wording, scoring,
-- bands, sources) are Go in lifeline/measures; this stores what people
-- answered.

-- One completed questionnaire. answers are the item values in the
-- instrument's published order, as its scoring counts them (NULL: an
-- item the instrument lets a person skip); total and band are the
-- published scoring's, kept so history, supporters and the FHIR export
-- read them without scoring again; subscores are an instrument's named
-- parts (BAM: use, risk, protective). note is the person's own words.
CREATE TABLE measure_responses (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    instrument text NOT NULL,
    answers    smallint[] NOT NULL,
    total      integer NOT NULL,
    band       text NOT NULL,
    subscores  jsonb NOT NULL DEFAULT '{}',
    note       text,
    taken_at   timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT measure_responses_instrument_known CHECK (instrument IN ('phq9', 'gad7', 'bam', 'auditc')),
    CONSTRAINT measure_responses_answers_length CHECK (cardinality(answers) BETWEEN 1 AND 40),
    CONSTRAINT measure_responses_note_length CHECK (char_length(note) <= 1000)
);
CREATE INDEX measure_responses_user_idx ON measure_responses (user_id, instrument, taken_at DESC);

-- How often a person chose to take each instrument (every_days 0: not
-- scheduled); reminded_at is the newest reminder sent, so a due date is
-- reminded once.
CREATE TABLE measure_schedules (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    instrument  text NOT NULL,
    every_days  smallint NOT NULL,
    reminded_at timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, instrument),

    CONSTRAINT measure_schedules_instrument_known CHECK (instrument IN ('phq9', 'gad7', 'bam', 'auditc')),
    CONSTRAINT measure_schedules_every_days CHECK (every_days BETWEEN 0 AND 90)
);

-- Two scopes a wearer may grant: "measures" shows a supporter scores and
-- bands (never the answers to items), "signals" the early-warning signals.
ALTER TABLE care_links
    ADD COLUMN share_measures boolean NOT NULL DEFAULT false,
    ADD COLUMN share_signals  boolean NOT NULL DEFAULT false;

-- A questionnaire's reminder and a signal's nudge leave through the
-- outbox, to the person's own channels. Adding a purpose rewrites this
-- list whole (0037).
ALTER TABLE outbox DROP CONSTRAINT outbox_purpose_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_purpose_known CHECK (
    purpose IN ('alert', 'test', 'invitation', 'confirmation', 'password_reset', 'claim_notice', 'claim_reminder', 'ask', 'digest',
                'measure_reminder', 'signal_nudge'));
