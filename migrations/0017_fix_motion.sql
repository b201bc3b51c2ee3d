-- Phone apps report more than a bracelet (issue 19): the altitude, speed and
-- course of each fix are kept beside its accuracy. NULL when the source does
-- not send them (bracelets and browsers never do). Nullable columns without a
-- default are a catalogue change only, on a plain table as on a compressed
-- hypertable. The ranges are the ingest decoders' (ingest/phone), so a value
-- the decoders would refuse cannot be stored by another path either.
ALTER TABLE locations
    ADD COLUMN altitude double precision, -- metres above sea level
    ADD COLUMN speed    double precision, -- metres per second
    ADD COLUMN course   double precision; -- degrees clockwise from north
ALTER TABLE locations
    ADD CONSTRAINT locations_altitude_range CHECK (altitude BETWEEN -20000 AND 100000),
    ADD CONSTRAINT locations_speed_range CHECK (speed >= 0 AND speed < 'infinity'),
    ADD CONSTRAINT locations_course_range CHECK (course BETWEEN 0 AND 360);
