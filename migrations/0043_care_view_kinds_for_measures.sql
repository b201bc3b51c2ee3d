-- Issue 31: a supporter's look at a person's questionnaire scores (the
-- measures scope) and at their early-warning signals (the signals scope)
-- is written to care_views like every other look. Adding a kind rewrites
-- the list whole (0024); both of issue 31's kinds are added here at once,
-- so no later migration has to repeat this one's list.
ALTER TABLE care_views DROP CONSTRAINT care_views_what_known;
ALTER TABLE care_views ADD CONSTRAINT care_views_what_known CHECK (
    what IN ('checkins', 'alerts', 'location', 'phone', 'measures', 'signals'));
