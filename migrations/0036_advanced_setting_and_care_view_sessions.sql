-- Plain language first (issue 29).

-- "Advanced" in Settings: the developer tools (a bracelet's tester view,
-- the simulator's command when pairing, raw packets) are shown only to
-- people who turn it on. Kept with the account, so it follows them
-- across devices; off for everyone until they choose it.
ALTER TABLE users ADD COLUMN advanced boolean NOT NULL DEFAULT false;

-- The audit log keeps one line per viewing session: a supporter's page
-- refreshes every 15 seconds, and each refresh within half an hour of the
-- last look (of the same thing, by the same supporter, through the same
-- link) moves last_viewed_at on instead of adding a line. viewed_at stays
-- when the session began.
ALTER TABLE care_views ADD COLUMN last_viewed_at timestamptz;
UPDATE care_views SET last_viewed_at = viewed_at;
ALTER TABLE care_views
    ALTER COLUMN last_viewed_at SET DEFAULT now(),
    ALTER COLUMN last_viewed_at SET NOT NULL;
-- The session a look continues, found by its link first (which the
-- link's foreign key needs anyway).
CREATE INDEX care_views_session_idx ON care_views (link_id, supporter_id, what, last_viewed_at DESC);
DROP INDEX care_views_link_id_idx;
