-- Phones as trackers (issue 19). A device is a bracelet or a phone running a
-- tracking app (OwnTracks, Overland, Traccar Client/GPSLogger); both pair the
-- same way and keep the same id shape (the id is the MQTT username and the
-- HTTP credential's first half), so only the kind tells them apart.
ALTER TABLE devices ADD COLUMN kind text NOT NULL DEFAULT 'bracelet'
    CONSTRAINT devices_kind_valid CHECK (kind IN ('bracelet', 'phone'));

-- Every fix records where it came from: a bracelet, one of the phone apps'
-- protocols, or the browser. Browser fixes were stored as 'manual' before;
-- those rows stay as they are (rewriting a compressed hypertable is not worth
-- it) and the store reads them back as 'browser'. Only browser fixes have no
-- device, and every device fix carries a sequence number (phone apps have
-- none: they store 0, so a re-sent fix, same device and time, is kept once).
ALTER TABLE locations
    DROP CONSTRAINT locations_source_valid,
    DROP CONSTRAINT locations_source_matches_device,
    DROP CONSTRAINT locations_bracelet_has_seq;
ALTER TABLE locations
    ADD CONSTRAINT locations_source_valid
        CHECK (source IN ('bracelet', 'owntracks', 'overland', 'osmand', 'browser', 'manual')),
    ADD CONSTRAINT locations_source_matches_device
        CHECK ((source IN ('browser', 'manual')) = (device_id IS NULL)),
    ADD CONSTRAINT locations_device_has_seq CHECK (device_id IS NULL OR seq IS NOT NULL);
