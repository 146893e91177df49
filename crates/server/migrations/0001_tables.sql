-- Online tables: one row per table, one row per accepted event. Portable SQL (SQLite and
-- PostgreSQL); booleans are 0/1 integers, times are unix milliseconds.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    settings TEXT NOT NULL,
    invite_hash TEXT NOT NULL,
    black_token_hash TEXT,
    white_token_hash TEXT,
    finished BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX tables_open ON tables (finished);

-- Append-only: the (table_id, seq) key makes a second insert of the same number fail, so no
-- action is ever stored twice and two writers can never both win the same number.
CREATE TABLE table_events (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
