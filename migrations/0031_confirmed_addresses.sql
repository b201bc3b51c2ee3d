-- Confirmed email addresses (issue 28): a new email channel receives nothing
-- but its confirmation message until its owner opens the link in it. The
-- link's token is single use and stored only as its SHA-256 (confirm_token_hash,
-- cleared once used), valid until confirm_expires_at. Webhook and push
-- channels need no confirmation and are confirmed when they are made.
--
-- Channels made before this migration count as confirmed: their owners
-- added them when an address was trusted as typed, and taking them away
-- would silently stop alerts people rely on.
ALTER TABLE channels ADD COLUMN confirmed_at timestamptz;
ALTER TABLE channels ADD COLUMN confirm_token_hash bytea;
ALTER TABLE channels ADD COLUMN confirm_expires_at timestamptz;
UPDATE channels SET confirmed_at = created_at;
ALTER TABLE channels ADD CONSTRAINT channels_only_email_unconfirmed CHECK (kind = 'email' OR confirmed_at IS NOT NULL);
ALTER TABLE channels ADD CONSTRAINT channels_token_while_unconfirmed CHECK (
    confirm_token_hash IS NULL OR (confirmed_at IS NULL AND confirm_expires_at IS NOT NULL));
CREATE UNIQUE INDEX channels_confirm_token_hash_unique ON channels (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;
