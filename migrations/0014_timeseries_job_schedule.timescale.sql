-- TimescaleDB path: the compression and retention policies of one hypertable
-- must never run at the same time: both take locks on the oldest chunks, and
-- when they picked the same chunk they deadlocked ("deadlock detected …
-- policy_retention / policy_compression"). Each runs once a day at a fixed
-- UTC time with a time limit, in windows that do not overlap:
--   compression 01:00-03:00 (locations) and 01:30-03:30 (battery_readings),
--   retention   04:00-05:00 (both).
-- A retried failure keeps to the fixed schedule's next window.
DO $$
DECLARE
    j record;
    starts_at interval;
    runtime interval;
BEGIN
    FOR j IN SELECT job_id, proc_name, hypertable_name FROM timescaledb_information.jobs
              WHERE hypertable_name IN ('locations', 'battery_readings')
                AND proc_name IN ('policy_compression', 'policy_retention')
    LOOP
        IF j.proc_name = 'policy_retention' THEN
            starts_at := INTERVAL '4 hours';
            runtime := INTERVAL '1 hour';
        ELSIF j.hypertable_name = 'locations' THEN
            starts_at := INTERVAL '1 hour';
            runtime := INTERVAL '2 hours';
        ELSE
            starts_at := INTERVAL '1 hour 30 minutes';
            runtime := INTERVAL '2 hours';
        END IF;
        PERFORM alter_job(j.job_id,
            schedule_interval => INTERVAL '1 day',
            max_runtime => runtime,
            retry_period => INTERVAL '1 day',
            fixed_schedule => true,
            initial_start => date_trunc('day', now(), 'UTC') + INTERVAL '1 day' + starts_at,
            next_start => date_trunc('day', now(), 'UTC') + INTERVAL '1 day' + starts_at,
            timezone => 'UTC');
    END LOOP;
END
$$;
