-- Live updates: every new alert is announced on the lifeline_events channel,
-- whichever statement or node inserted it, so each lifeline node can push it
-- to its own Server-Sent Events clients. The payload carries what the web app
-- shows (not the evidence, which can be large: NOTIFY payloads stay under 8 kB).
CREATE FUNCTION lifeline_notify_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('lifeline_events', json_build_object(
        'u', NEW.user_id,
        'k', 'alert',
        'i', NEW.id,
        'd', json_build_object(
            'id', NEW.id, 'type', NEW.type, 'message', NEW.message, 'link', coalesce(NEW.link, ''),
            'isRead', NEW.is_read, 'createdAt', NEW.created_at)
    )::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER alerts_notify AFTER INSERT ON alerts
    FOR EACH ROW EXECUTE FUNCTION lifeline_notify_alert();
