-- How long each person's location and battery history is kept: one of the
-- choices Settings offers, in days. The default is the global window of
-- retention_settings (400 days). Lifeline's retention job (store/retention.go)
-- deletes a person's rows older than their choice on both storage engines:
-- TimescaleDB's chunk drops are per table, never per person.
ALTER TABLE users ADD COLUMN history_keep_days integer NOT NULL DEFAULT 400
    CONSTRAINT users_history_keep_days_choice CHECK (history_keep_days IN (7, 30, 90, 400));

-- The retention job looks up only the people who chose less than the most.
CREATE INDEX users_history_keep_days_idx ON users (history_keep_days) WHERE history_keep_days < 400;
