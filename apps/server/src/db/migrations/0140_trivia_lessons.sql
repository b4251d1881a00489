-- Trivia (modules/trivia) and the forex and crypto lessons (modules/lessons). Valid on PostgreSQL 15 and later.

-- The operator's question bank. Options are stored in the order served (A1..A4, shown as A to D); `correct` is the
-- position of the right one. `seed_key` names the demo questions the start-up step writes, so a restart never
-- duplicates them and an operator's edit of one is never overwritten.
CREATE TABLE trivia_questions (
  id          bigserial   PRIMARY KEY,
  question    text        NOT NULL CHECK (length(btrim(question)) BETWEEN 1 AND 500),
  options     text[]      NOT NULL CHECK (cardinality(options) = 4 AND array_position(options, NULL) IS NULL),
  correct     smallint    NOT NULL CHECK (correct BETWEEN 1 AND 4),
  active      boolean     NOT NULL DEFAULT true,
  seed_key    text        UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trivia_questions_active ON trivia_questions (id) WHERE active;

-- One round per member per operator day: the questions served (in order) and when. Submitting writes the answers,
-- the score and the time; a round is submitted once (the service locks the row, the CHECKs keep it whole).
CREATE TABLE trivia_rounds (
  id              bigserial   PRIMARY KEY,
  member_id       bigint      NOT NULL REFERENCES members (id),
  day             date        NOT NULL,
  question_ids    bigint[]    NOT NULL CHECK (cardinality(question_ids) BETWEEN 1 AND 10),
  started_at      timestamptz NOT NULL,
  submitted_at    timestamptz,
  answers         jsonb,
  correct_count   smallint    CHECK (correct_count BETWEEN 0 AND 10),
  UNIQUE (member_id, day),
  CHECK ((submitted_at IS NULL) = (correct_count IS NULL) AND (submitted_at IS NULL) = (answers IS NULL))
);

-- The payment of a round with at least one correct answer, written by the movement that pays it (the ledger's
-- business row), so a payout exists if and only if its money moved. The key trivia:<member>:<day> and these UNIQUE
-- constraints make a round pay at most once.
CREATE TABLE trivia_payouts (
  id              bigserial   PRIMARY KEY,
  round_id        bigint      NOT NULL UNIQUE REFERENCES trivia_rounds (id),
  member_id       bigint      NOT NULL REFERENCES members (id),
  day             date        NOT NULL,
  correct_count   smallint    NOT NULL CHECK (correct_count BETWEEN 1 AND 10),
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  transaction_id  bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, day)
);
CREATE TRIGGER trivia_payouts_append_only BEFORE UPDATE OR DELETE ON trivia_payouts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
INSERT INTO ledger_business_tables (name) VALUES ('trivia_payouts');

-- Lessons: forex (parts 1-3 and 5-10, there is no part 4) and crypto (13 parts). A link is optional (the written
-- summary is the lesson when there is none).
CREATE TABLE lessons (
  id          bigserial   PRIMARY KEY,
  kind        text        NOT NULL CHECK (kind IN ('forex', 'crypto')),
  part        smallint    NOT NULL CHECK (part BETWEEN 1 AND 99),
  title       text        NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  summary     text        NOT NULL CHECK (length(btrim(summary)) BETWEEN 1 AND 4000),
  link        text        CHECK (link IS NULL OR link ~ '^https://'),
  active      boolean     NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, part)
);

CREATE TABLE lesson_enrolments (
  member_id    bigint      NOT NULL REFERENCES members (id),
  kind         text        NOT NULL CHECK (kind IN ('forex', 'crypto')),
  enrolled_at  timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind)
);

CREATE TABLE lesson_progress (
  member_id  bigint      NOT NULL REFERENCES members (id),
  lesson_id  bigint      NOT NULL REFERENCES lessons (id),
  done_at    timestamptz NOT NULL,
  PRIMARY KEY (member_id, lesson_id)
);
