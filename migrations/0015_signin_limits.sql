-- Sign-in limits an attacker cannot turn against the owner (replacing the
-- account lock of 0001): back-off per (account, source) and two ceilings,
-- shared by every API node. Not user-owned (the email may belong to no
-- account); rows idle for a day are pruned by Go.
--   scope 'source':  key is '<email> ip:<address or /64>' or '<email> device:<id>';
--                    failures is wrong passwords in a row, updated_at the last.
--   scope 'account': key is the email; failures is a bucket level that drains
--                    evenly from updated_at (wrong passwords from unknown browsers).
--   scope 'client':  key is the client address (or /64), the same bucket across accounts.
CREATE TABLE signin_throttle (
    scope      text NOT NULL,
    key        text NOT NULL,
    failures   double precision NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL,

    PRIMARY KEY (scope, key),
    CONSTRAINT signin_throttle_scope_valid CHECK (scope IN ('source', 'account', 'client')),
    CONSTRAINT signin_throttle_key_length CHECK (char_length(key) BETWEEN 1 AND 400),
    CONSTRAINT signin_throttle_failures_nonnegative CHECK (failures >= 0)
);
CREATE INDEX signin_throttle_updated_at_idx ON signin_throttle (updated_at);

-- Secrets the server makes for itself, the same on every node: 'device_key'
-- signs the cookie that marks a browser as one its owner signed in from.
CREATE TABLE server_secrets (
    name       text PRIMARY KEY,
    value      bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),

    CONSTRAINT server_secrets_value_length CHECK (octet_length(value) >= 32)
);

-- auth_throttle keeps counting sign-ups and chat messages per client key;
-- its per-account rows were the lock anyone could set off.
DELETE FROM auth_throttle WHERE scope = 'account';
ALTER TABLE auth_throttle DROP CONSTRAINT auth_throttle_scope_valid;
ALTER TABLE auth_throttle ADD CONSTRAINT auth_throttle_scope_valid CHECK (scope = 'client');
