-- A gentle ask (issue 30): the wearer asks chosen supporters for a call,
-- without an emergency. One ask is open at a time; it closes when the
-- wearer says "Thanks, I'm okay" (closed_at) or a day after it was made
-- (lifeline.AskOpenFor, decided when read).
CREATE TABLE asks (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    note       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    closed_at  timestamptz,

    CONSTRAINT asks_note_length CHECK (char_length(note) <= 280)
);
CREATE INDEX asks_user_idx ON asks (user_id, created_at DESC);

-- Whom an ask went to, and their answer: will_call ("I'll call") or
-- cant_now ("Can't right now"). user_id is the wearer (export and erasure);
-- link_id the care link it went through, so a revoked link ends the
-- supporter's view of it.
CREATE TABLE ask_recipients (
    ask_id       bigint NOT NULL REFERENCES asks (id) ON DELETE CASCADE,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    link_id      bigint NOT NULL REFERENCES care_links (id) ON DELETE CASCADE,
    supporter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    answer       text,
    answered_at  timestamptz,

    PRIMARY KEY (ask_id, supporter_id),
    CONSTRAINT ask_recipients_answer_known CHECK (answer IN ('will_call', 'cant_now')),
    CONSTRAINT ask_recipients_answer_pair CHECK ((answer IS NULL) = (answered_at IS NULL))
);
CREATE INDEX ask_recipients_user_id_idx ON ask_recipients (user_id);
CREATE INDEX ask_recipients_link_idx ON ask_recipients (link_id);
CREATE INDEX ask_recipients_supporter_idx ON ask_recipients (supporter_id);

-- The outbox rows that tell a supporter of an ask (purpose ask, which 0037
-- allows) name it; closing the ask skips those still waiting.
ALTER TABLE outbox ADD COLUMN ask_id bigint REFERENCES asks (id) ON DELETE CASCADE;
ALTER TABLE outbox ADD CONSTRAINT outbox_ask_has_ask CHECK ((purpose = 'ask') = (ask_id IS NOT NULL));
CREATE INDEX outbox_ask_idx ON outbox (ask_id) WHERE ask_id IS NOT NULL;
