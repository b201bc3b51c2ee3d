-- Share links (issue 20): a wearer lets anyone with the link see their latest
-- position, read-only, for 1, 8 or 24 hours. Only the SHA-256 of the link's
-- token is stored (the token rides in the URL fragment, so no server log sees
-- it); revoking clears it. opened_at keeps the newest opens, newest first.
CREATE TABLE share_links (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash    bytea,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    revoked_at    timestamptz,
    open_count    integer NOT NULL DEFAULT 0,
    opened_at     timestamptz[] NOT NULL DEFAULT '{}',

    CONSTRAINT share_links_token_hash_length CHECK (octet_length(token_hash) = 32),
    CONSTRAINT share_links_token_hash_unique UNIQUE (token_hash),
    CONSTRAINT share_links_revoked_has_no_token CHECK (revoked_at IS NULL OR token_hash IS NULL),
    CONSTRAINT share_links_duration CHECK (expires_at > created_at AND expires_at <= created_at + interval '24 hours'),
    CONSTRAINT share_links_opened_at_capped CHECK (cardinality(opened_at) <= 20)
);
CREATE INDEX share_links_user_id_idx ON share_links (user_id, expires_at DESC);

-- The email that carries an invitation (POST /api/supporters with an
-- address), drained by the delivery worker like the outbox: retries with
-- backoff, a final failed state shown on the supporter. accept_url holds the
-- one-time token in plain text only until the email is sent, fails for good
-- or is no longer wanted (the invitation was accepted, revoked or expired).
CREATE TABLE invitation_emails (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    link_id         bigint NOT NULL REFERENCES care_links (id) ON DELETE CASCADE,
    accept_url      text,
    state           text NOT NULL DEFAULT 'pending',
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    claimed_until   timestamptz,
    last_error      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz,

    CONSTRAINT invitation_emails_one_per_link UNIQUE (link_id),
    CONSTRAINT invitation_emails_state_known CHECK (state IN ('pending', 'sent', 'failed', 'skipped')),
    CONSTRAINT invitation_emails_url_only_pending CHECK (state = 'pending' OR accept_url IS NULL),
    CONSTRAINT invitation_emails_last_error_length CHECK (char_length(last_error) <= 500),
    CONSTRAINT invitation_emails_sent_has_time CHECK ((state = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX invitation_emails_user_id_idx ON invitation_emails (user_id);
CREATE INDEX invitation_emails_due_idx ON invitation_emails (next_attempt_at) WHERE state = 'pending';
