-- An alert can end (issue 33): the wearer's "I'm safe now" closes an SOS,
-- a bracelet that reports again closes its "stopped reporting" alert. A
-- resolved alert is over for everyone: supporters stop seeing it and no
-- escalation step is taken after it. resolution says how it ended, in words
-- fit for the wearer and their supporters.
ALTER TABLE alerts
    ADD COLUMN resolved_at timestamptz,
    ADD COLUMN resolution  text;
