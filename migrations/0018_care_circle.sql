-- The care circle (issue 20): a wearer's supporters, by consent. A wearer
-- invites someone by email or with a one-time link; the supporter accepts
-- with an ordinary account. What each supporter sees is the wearer's grant on
-- the link row; every look a supporter takes is written to care_views.

CREATE TABLE care_links (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The wearer: the person whose data is shared.
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The supporter's account, once they accept.
    supporter_id  bigint REFERENCES users (id) ON DELETE CASCADE,
    -- How the wearer knows them ("Sam, my sponsor").
    label         text NOT NULL DEFAULT '',
    -- An email invitation names the address it was sent to; a link
    -- invitation has none. Only the SHA-256 of the one-time token is kept;
    -- accepting clears it, so a token works once.
    invite_email  text,
    token_hash    bytea,
    invited_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    accepted_at   timestamptz,
    revoked_at    timestamptz,

    -- The grant. Everything is off until the wearer ticks it.
    share_checkins        boolean NOT NULL DEFAULT false,
    -- Notes and substance details of check-ins, only with share_checkins.
    share_checkin_details boolean NOT NULL DEFAULT false,
    -- Alert scopes: avoid_zone, missed_checkin, device, sos.
    alert_scopes          text[] NOT NULL DEFAULT '{}',
    -- never; during_alert (an open alert or SOS, for location_window_minutes
    -- after it); always.
    location_scope        text NOT NULL DEFAULT 'never',
    location_window_minutes integer NOT NULL DEFAULT 60,
    updated_at            timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT care_links_token_hash_length CHECK (octet_length(token_hash) = 32),
    CONSTRAINT care_links_token_hash_unique UNIQUE (token_hash),
    CONSTRAINT care_links_label_length CHECK (char_length(label) <= 80),
    CONSTRAINT care_links_invite_email_shape CHECK (
        invite_email = lower(btrim(invite_email)) AND char_length(invite_email) <= 254 AND invite_email LIKE '_%@_%'),
    -- A pending invitation holds its token; an accepted one its supporter.
    CONSTRAINT care_links_accepted_shape CHECK (
        (accepted_at IS NULL AND supporter_id IS NULL) OR (accepted_at IS NOT NULL AND supporter_id IS NOT NULL AND token_hash IS NULL)),
    CONSTRAINT care_links_not_self CHECK (supporter_id <> user_id),
    CONSTRAINT care_links_details_need_checkins CHECK (share_checkins OR NOT share_checkin_details),
    CONSTRAINT care_links_alert_scopes_known CHECK (
        alert_scopes <@ ARRAY['avoid_zone', 'missed_checkin', 'device', 'sos']::text[]),
    CONSTRAINT care_links_location_scope_known CHECK (location_scope IN ('never', 'during_alert', 'always')),
    CONSTRAINT care_links_location_window_range CHECK (location_window_minutes BETWEEN 5 AND 1440)
);
CREATE INDEX care_links_user_id_idx ON care_links (user_id);
CREATE INDEX care_links_supporter_id_idx ON care_links (supporter_id) WHERE supporter_id IS NOT NULL;
-- One live link per wearer and supporter.
CREATE UNIQUE INDEX care_links_one_live_pair ON care_links (user_id, supporter_id)
    WHERE supporter_id IS NOT NULL AND revoked_at IS NULL;

-- What a supporter looked at, for the wearer's audit log. Kept with the
-- wearer's account (user_id) and the link; the supporter's id stays even
-- after a revocation, so the log still names who looked.
CREATE TABLE care_views (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    link_id       bigint NOT NULL REFERENCES care_links (id) ON DELETE CASCADE,
    supporter_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- checkins, alerts, location
    what          text NOT NULL,
    viewed_at     timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT care_views_what_known CHECK (what IN ('checkins', 'alerts', 'location'))
);
CREATE INDEX care_views_user_viewed_idx ON care_views (user_id, viewed_at DESC);
CREATE INDEX care_views_link_id_idx ON care_views (link_id);
CREATE INDEX care_views_supporter_id_idx ON care_views (supporter_id);
