-- Wellbeing: daily check-ins, symptom logs, crisis contacts, coping and safety
-- plans. Option lists are SPEC.md §3's, enforced here so no path (API, CLI,
-- import) can store an id the web app cannot show.

CREATE TABLE check_ins (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id             bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The user's local date (users.timezone) when the check-in was saved,
    -- computed by Go; the unique constraint below is what makes "one check-in
    -- per day" hold when two tabs post at once (the loser gets 23505).
    local_date          date NOT NULL,
    mood                smallint NOT NULL,
    craving_intensity   smallint NOT NULL,
    mood_description    text,
    triggers            text[] NOT NULL DEFAULT '{}',
    trigger_description text,
    substance_use       boolean NOT NULL DEFAULT false,
    substance_details   text,
    coping_strategies   text[] NOT NULL DEFAULT '{}',
    notes               text,
    created_at          timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT check_ins_one_per_local_date UNIQUE (user_id, local_date),
    CONSTRAINT check_ins_mood_range CHECK (mood BETWEEN 1 AND 10),
    CONSTRAINT check_ins_craving_intensity_range CHECK (craving_intensity BETWEEN 1 AND 10),
    -- SPEC.md trigger ids. array_position(..., NULL) rejects NULL elements,
    -- which <@ alone would let through in an otherwise empty array.
    CONSTRAINT check_ins_triggers_known CHECK (
        triggers <@ ARRAY['stress', 'social', 'boredom', 'emotions', 'physical', 'environment']::text[]
        AND array_position(triggers, NULL) IS NULL),
    -- SPEC.md coping ids.
    CONSTRAINT check_ins_coping_strategies_known CHECK (
        coping_strategies <@ ARRAY['meditation', 'exercise', 'journaling', 'support', 'breathing', 'distraction', 'other']::text[]
        AND array_position(coping_strategies, NULL) IS NULL),
    -- Details only describe reported use; Go drops them when substanceUse is false.
    CONSTRAINT check_ins_substance_details_need_use CHECK (
        substance_use OR coalesce(substance_details, '') = ''),
    CONSTRAINT check_ins_mood_description_length CHECK (char_length(mood_description) <= 2000),
    CONSTRAINT check_ins_trigger_description_length CHECK (char_length(trigger_description) <= 2000),
    CONSTRAINT check_ins_substance_details_length CHECK (char_length(substance_details) <= 2000),
    CONSTRAINT check_ins_notes_length CHECK (char_length(notes) <= 5000)
);
-- check_ins_one_per_local_date (user_id, local_date) serves the user_id
-- cascade, newest-first pagination, streaks and weekly counts. This partial
-- index answers "days since substance use was last reported" directly.
CREATE INDEX check_ins_substance_use_idx ON check_ins (user_id, local_date DESC) WHERE substance_use;

CREATE TABLE symptom_logs (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Values are SPEC.md's labels exactly as listed (it gives no separate ids).
    physical_symptom  text,
    physical_severity smallint,
    mental_symptom    text,
    mental_severity   smallint,
    duration          text NOT NULL,
    notes             text,
    logged_at         timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT symptom_logs_physical_symptom_known CHECK (physical_symptom IN (
        'Headache', 'Fatigue', 'Nausea', 'Sleep issues', 'Appetite changes',
        'Tremors', 'Muscle aches', 'Dizziness', 'Sweating', 'Other')),
    CONSTRAINT symptom_logs_mental_symptom_known CHECK (mental_symptom IN (
        'Anxiety', 'Depression', 'Irritability', 'Confusion', 'Mood swings',
        'Restlessness', 'Difficulty concentrating', 'Memory issues', 'Paranoia', 'Other')),
    CONSTRAINT symptom_logs_physical_severity_range CHECK (physical_severity BETWEEN 1 AND 10),
    CONSTRAINT symptom_logs_mental_severity_range CHECK (mental_severity BETWEEN 1 AND 10),
    CONSTRAINT symptom_logs_duration_known CHECK (duration IN (
        'Less than 1 hour', '1-4 hours', 'Half day', 'All day', 'Multiple days')),
    CONSTRAINT symptom_logs_notes_length CHECK (char_length(notes) <= 5000)
);
CREATE INDEX symptom_logs_user_logged_at_idx ON symptom_logs (user_id, logged_at DESC, id DESC);

CREATE TABLE crisis_contacts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text NOT NULL,
    phone        text NOT NULL,
    relationship text,
    is_emergency boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),

    -- "Name is required" / "Phone number is required": blank after trimming is empty.
    CONSTRAINT crisis_contacts_name_present CHECK (btrim(name) <> '' AND char_length(name) <= 100),
    -- No phone format check (SPEC.md §5); only presence and a sane length.
    CONSTRAINT crisis_contacts_phone_present CHECK (btrim(phone) <> '' AND char_length(phone) <= 40),
    CONSTRAINT crisis_contacts_relationship_known CHECK (relationship IN (
        'therapist', 'sponsor', 'family', 'friend', 'doctor', 'other'))
);
CREATE INDEX crisis_contacts_user_id_idx ON crisis_contacts (user_id);

-- One coping plan (Learn & Grow's Coping Plan Builder) and one Stanley-Brown
-- safety plan (crisis page) per user. Their sections are lists the web app
-- edits as a whole, so each plan is one JSON object; Go validates its shape.
CREATE TABLE coping_plans (
    user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- {"warningSigns": [...], "triggersToAvoid": [...], "copingActions": [...],
    --  "peopleToCall": [{"name": ..., "phone": ...}], "safePlaces": [...]}
    plan       jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT coping_plans_plan_object CHECK (jsonb_typeof(plan) = 'object'),
    CONSTRAINT coping_plans_plan_size CHECK (octet_length(plan::text) <= 65536)
);

CREATE TABLE safety_plans (
    user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- {"warningSigns", "internalCoping", "distractionPeoplePlaces",
    --  "helpContacts", "professionals" (988 pre-filled by the web app),
    --  "safeEnvironment", "reasonsForLiving"}
    plan       jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT safety_plans_plan_object CHECK (jsonb_typeof(plan) = 'object'),
    CONSTRAINT safety_plans_plan_size CHECK (octet_length(plan::text) <= 65536)
);
