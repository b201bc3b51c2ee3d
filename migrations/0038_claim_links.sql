-- One-tap claim links (issue 30, the claim part): a supporter told of an
-- alert by email, web push or ntfy can answer "I'm on it" without signing
-- in. Each link is single-purpose (claim this alert as this supporter),
-- expires, and works once; only the token's SHA-256 is stored (the export
-- leaves token_hash out). user_id is the wearer (export and erasure); the
-- supporter's side cascades too.
CREATE TABLE claim_links (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    alert_id     bigint NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
    supporter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Where the link went: email, push or ntfy (the step's via).
    via          text NOT NULL,
    token_hash   bytea NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz,

    CONSTRAINT claim_links_via_known CHECK (via IN ('email', 'push', 'ntfy')),
    CONSTRAINT claim_links_token_hash_length CHECK (octet_length(token_hash) = 32)
);
CREATE UNIQUE INDEX claim_links_token_hash_idx ON claim_links (token_hash);
CREATE INDEX claim_links_user_id_idx ON claim_links (user_id);
CREATE INDEX claim_links_alert_idx ON claim_links (alert_id);
CREATE INDEX claim_links_supporter_id_idx ON claim_links (supporter_id);

-- The step an outbox row tells of: a claim notice names who is on it (or
-- handed it back, or resolved it with what note); a reminder the claim it
-- reminds of, and is skipped once that claim is over.
ALTER TABLE outbox ADD COLUMN alert_step_id bigint REFERENCES alert_steps (id) ON DELETE CASCADE;
CREATE INDEX outbox_alert_step_id_idx ON outbox (alert_step_id) WHERE alert_step_id IS NOT NULL;
ALTER TABLE outbox ADD CONSTRAINT outbox_claim_has_step CHECK (
    (purpose IN ('claim_notice', 'claim_reminder')) = (alert_step_id IS NOT NULL));

-- How a wearer knows a supporter: the label they gave the invitation, else
-- the supporter's name (the newest link, a revoked one last). NULL when
-- supporter is NULL.
CREATE FUNCTION lifeline_supporter_label(wearer bigint, supporter bigint) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE RETURN (
    SELECT coalesce(nullif(l.label, ''), nullif(btrim(u.first_name || ' ' || u.last_name), ''), 'A supporter')
    FROM users u
    LEFT JOIN LATERAL (SELECT label FROM care_links WHERE user_id = wearer AND supporter_id = supporter
                       ORDER BY revoked_at NULLS FIRST, id DESC LIMIT 1) l ON true
    WHERE u.id = supporter);
