-- Accounts: users, server-side sessions, sign-in throttling.
--
-- Every table that holds a user's data has user_id REFERENCES users ON DELETE
-- CASCADE and an index leading with user_id, so deleting the users row removes
-- all of that user's rows (account deletion) and the cascade never scans.

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Stored already normalised (trimmed, lower-case) by the Go side, so a plain
    -- unique constraint is case-insensitive. NULL only for an OpenID Connect
    -- account whose provider gave no email.
    email         text,
    first_name    text NOT NULL DEFAULT '',
    last_name     text NOT NULL DEFAULT '',
    -- IANA zone name ("Europe/London"); "today" and evening reminders use it.
    -- Validated by Go (time.LoadLocation); PostgreSQL's zone list may differ.
    timezone      text NOT NULL DEFAULT 'UTC',
    -- argon2id PHC string; NULL for accounts that sign in only through OIDC.
    password_hash text,
    oidc_issuer   text,
    oidc_subject  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT users_email_unique UNIQUE (email),
    CONSTRAINT users_oidc_identity_unique UNIQUE (oidc_issuer, oidc_subject),
    CONSTRAINT users_email_normalised CHECK (email = lower(btrim(email))),
    CONSTRAINT users_email_shape CHECK (
        char_length(email) <= 254 AND email LIKE '_%@_%' AND email !~ '\s'),
    CONSTRAINT users_first_name_length CHECK (char_length(first_name) <= 100),
    CONSTRAINT users_last_name_length CHECK (char_length(last_name) <= 100),
    CONSTRAINT users_timezone_shape CHECK (
        char_length(timezone) BETWEEN 1 AND 64 AND timezone !~ '\s'),
    CONSTRAINT users_oidc_pair CHECK ((oidc_issuer IS NULL) = (oidc_subject IS NULL)),
    -- An account must be reachable by some sign-in method.
    CONSTRAINT users_has_identity CHECK (email IS NOT NULL OR oidc_subject IS NOT NULL),
    CONSTRAINT users_password_needs_email CHECK (password_hash IS NULL OR email IS NOT NULL)
);

-- Sessions: the cookie carries an opaque random token; only its SHA-256 hash is
-- stored, so a database leak does not leak live sessions. Idle timeout is
-- last_seen_at + the configured idle lifetime; expires_at is the absolute end.
CREATE TABLE sessions (
    token_hash   bytea PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    user_agent   text,
    ip           inet,

    CONSTRAINT sessions_token_hash_length CHECK (octet_length(token_hash) = 32),
    CONSTRAINT sessions_expiry_after_creation CHECK (expires_at > created_at),
    CONSTRAINT sessions_user_agent_length CHECK (char_length(user_agent) <= 512)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Sign-in throttling shared by every API node: failures per client address
-- (scope 'client') and per account email (scope 'account') in a sliding window.
-- Not user-owned (the email may belong to no account); rows are pruned by Go
-- once updated_at is older than the longest window.
CREATE TABLE auth_throttle (
    scope             text NOT NULL,
    key               text NOT NULL,
    failures          integer NOT NULL DEFAULT 0,
    window_started_at timestamptz NOT NULL DEFAULT now(),
    blocked_until     timestamptz,
    updated_at        timestamptz NOT NULL DEFAULT now(),

    PRIMARY KEY (scope, key),
    CONSTRAINT auth_throttle_scope_valid CHECK (scope IN ('client', 'account')),
    CONSTRAINT auth_throttle_key_length CHECK (char_length(key) BETWEEN 1 AND 320),
    CONSTRAINT auth_throttle_failures_nonnegative CHECK (failures >= 0)
);
CREATE INDEX auth_throttle_updated_at_idx ON auth_throttle (updated_at);
