-- Correctable check-ins and a sober date (issue 29).
--
-- A check-in can be edited (updated_at says when it last was) or deleted.
-- A person may set a sober date, the local date their recovery count
-- starts from; sober_date_set_at is when they last set or confirmed it, so
-- a use reported after that is offered as a new start, never applied
-- silently (docs/api.md, "Recovery days").
ALTER TABLE check_ins ADD COLUMN updated_at timestamptz;
ALTER TABLE users ADD COLUMN sober_date date;
ALTER TABLE users ADD COLUMN sober_date_set_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_sober_date_set CHECK ((sober_date IS NULL) = (sober_date_set_at IS NULL));
