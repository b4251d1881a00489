-- Four-eyes on money (docs/decisions/018-four-eyes.md). Valid on PostgreSQL 15 and later.
--
-- A money action above the operator's `four_eyes_threshold` is not executed: it is stored here as a request, and
-- takes effect only when a second, different operator approves it. The request's state machine is
-- pending -> approved | rejected | cancelled (cancelled: withdrawn by the operator who asked); a decided request
-- never changes again. The ledger moves once, inside the approving transaction.
CREATE TABLE approval_requests (
  id                  bigserial   PRIMARY KEY,
  -- adjust: adminadjust; deposit: admindeposit; code: adminresolvecode with a typed amount; withdrawal: updatetrans.
  kind                text        NOT NULL CHECK (kind IN ('adjust', 'deposit', 'code', 'withdrawal')),
  state               text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'cancelled')),
  requested_by        bigint      NOT NULL REFERENCES members (id),
  -- The member whose money moves.
  member_id           bigint      NOT NULL REFERENCES members (id),
  -- What the threshold was compared with: the amount in the system currency (absolute for a negative adjustment).
  amount_system_minor bigint      NOT NULL CHECK (amount_system_minor > 0),
  -- The amount as the operator typed it (signed for an adjustment) and its currency.
  amount_minor        bigint      NOT NULL,
  currency            text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The action's own parameters, replayed at approval (wallet, reference, code review or withdrawal id).
  params              jsonb       NOT NULL,
  -- What the request is about when it has an identity (withdrawal id, code review id, deposit reference): one
  -- pending request per target.
  target_ref          text,
  reason              text        NOT NULL DEFAULT '',
  requested_at        timestamptz NOT NULL,
  decided_by          bigint      REFERENCES members (id),
  decided_at          timestamptz,
  decision_note       text,
  -- What the approval did (ledger transaction, deposit id), for the history.
  result              jsonb,
  CHECK ((state = 'pending') = (decided_at IS NULL)),
  CHECK ((state = 'pending') = (decided_by IS NULL)),
  -- Nobody approves or rejects their own request; they may only cancel it.
  CHECK (state NOT IN ('approved', 'rejected') OR decided_by <> requested_by),
  CHECK (state <> 'cancelled' OR decided_by = requested_by),
  -- Nobody moves money into or out of their own account, asking or approving.
  CHECK (member_id <> requested_by),
  CHECK (decided_by IS NULL OR state <> 'approved' OR decided_by <> member_id)
);
CREATE UNIQUE INDEX approval_requests_one_pending ON approval_requests (kind, target_ref) WHERE state = 'pending' AND target_ref IS NOT NULL;
CREATE INDEX approval_requests_pending ON approval_requests (requested_at, id) WHERE state = 'pending';
CREATE INDEX approval_requests_decided ON approval_requests (decided_at DESC, id DESC) WHERE state <> 'pending';
