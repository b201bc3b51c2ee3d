-- Live alert events are published by the Go code that raises alerts, once
-- the insert has committed (live.Alerts), so the trigger of 0008 goes.
DROP TRIGGER alerts_notify ON alerts;
DROP FUNCTION lifeline_notify_alert();
