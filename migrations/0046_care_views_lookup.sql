-- A supporter's page asks, for each person and thing it shows, whether a
-- viewing session is open (store.RecordLooks): one index entry away, not
-- every line the link's audit log ever had. It leads with supporter_id, so
-- the index on that column alone goes.
CREATE INDEX care_views_supporter_look_idx ON care_views (supporter_id, link_id, what, last_viewed_at DESC);
DROP INDEX care_views_supporter_id_idx;
