-- Plain PostgreSQL path: no background jobs to schedule. Lifeline's own
-- retention job deletes old rows (store/retention.go).
SELECT 1;
