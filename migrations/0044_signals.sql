-- Issue 31, early-warning signals (signals package, docs/signals.md). The
-- signals themselves are computed from a person's own data each time they
-- are read; this stores only what the person did with them and what the
-- daily nudge sent.

-- "Not now": the person set a kind of signal aside; it stays hidden for a
-- few days (signals.NotNowDays) from dismissed_at.
CREATE TABLE signal_dismissals (
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         text NOT NULL,
    dismissed_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, kind),

    CONSTRAINT signal_dismissals_kind_known CHECK (
        kind IN ('cravings', 'mood', 'checkins', 'bam_risk', 'bam_protective', 'avoid_zone'))
);

-- The daily nudge: at most one a day per person (the primary key, on any
-- number of nodes), and the kinds of signal it was about, so the same
-- signals do not nudge again the next days.
CREATE TABLE signal_nudges (
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    local_date date NOT NULL,
    kinds      text[] NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (user_id, local_date)
);

-- A supporter's look at the signals joins the wearer's audit log. The
-- list is rewritten whole; 'measures' is the questionnaires' scope of the
-- same issue, so the two parts' migrations agree whichever lands first.
ALTER TABLE care_views DROP CONSTRAINT care_views_what_known;
ALTER TABLE care_views ADD CONSTRAINT care_views_what_known CHECK (
    what IN ('checkins', 'alerts', 'location', 'phone', 'measures', 'signals'));
