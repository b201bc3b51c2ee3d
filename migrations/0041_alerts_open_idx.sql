-- The caseload (issue 30): a supporter of many reads every person's open
-- alerts at once. Open alerts are few however long the history grows, so
-- they get an index of their own.
CREATE INDEX alerts_open_idx ON alerts (user_id, created_at) WHERE okay_at IS NULL AND resolved_at IS NULL;
