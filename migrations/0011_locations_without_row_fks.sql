-- Ingest speed. The two foreign keys of locations ran, for every stored fix,
-- a query that locked its device row and its user row: measured, 40% of the
-- database's CPU per fix at full rate. The store now keeps both rules per
-- batch instead (store/locations.go): a fix is inserted only when its device
-- belongs to its user (a manual fix: when its user exists), else the batch
-- is refused; and deleting a user first takes the ingest gate exclusively,
-- so no batch in flight can file a fix under a user being deleted.
-- battery_readings keeps its keys: a few rows a minute per device.
ALTER TABLE locations DROP CONSTRAINT locations_device_fk;
ALTER TABLE locations DROP CONSTRAINT locations_user_id_fkey;

-- What ON DELETE CASCADE did, for whichever statement deletes the row.
CREATE FUNCTION lifeline_delete_user_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM locations WHERE user_id = OLD.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER users_delete_locations AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION lifeline_delete_user_locations();

CREATE FUNCTION lifeline_delete_device_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM locations WHERE device_id = OLD.id;
    RETURN NULL;
END
$$;
CREATE TRIGGER devices_delete_locations AFTER DELETE ON devices
    FOR EACH ROW EXECUTE FUNCTION lifeline_delete_device_locations();
