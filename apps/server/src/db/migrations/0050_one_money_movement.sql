-- One money movement (docs/decisions/008-one-money-movement.md): every idempotent movement is recorded by one SQL
-- function, ledger_record_movement(jsonb), in one round trip: the idempotency key with the request it answers (a
-- replay with other content is a conflict), an optional guard on a member row, the account row locks in id order,
-- the balance checks, the postings, the cached balances, the member running totals, the business row, the member
-- notification and the audit row. Every CHECK and append-only trigger of 0010/0030 stays; house and provider
-- accounts stay unlocked and uncached (decision 003).

-- What the first request of an idempotency key asked for (a canonical JSON written by the service). A replay whose
-- request differs is refused. NULL for transactions written before this migration: those replay without the check.
ALTER TABLE ledger_transactions ADD COLUMN request jsonb;

-- Per-member running totals, updated by ledger_record_movement in the same transaction as the postings, so userdata
-- reads a handful of rows instead of re-summing the member's history. Buckets:
--   <transaction kind>   credits of that kind to the member's wallets; a reversal's debits count against the kind it
--                        reverses (so `profit` = signup bonus + the earning kinds, net of reversals)
--   withdrawal_pending   the member's postings on hold:withdrawals (amount + fee of pending withdrawals)
--   withdrawal_paid      the member's postings on provider:payouts (amounts of completed withdrawals)
-- `npm run reconcile` recomputes them from the ledger (view member_totals_from_ledger) and fails on any difference.
CREATE TABLE member_totals (
  member_id    bigint NOT NULL REFERENCES members (id),
  bucket       text   NOT NULL,
  total_minor  bigint NOT NULL,
  PRIMARY KEY (member_id, bucket)
);

CREATE VIEW member_totals_from_ledger AS
SELECT x.member_id, x.bucket, SUM(x.amount_minor)::bigint AS total_minor
FROM (
  SELECT a.member_id,
         COALESCE(o.kind, t.kind) AS bucket,
         CASE WHEN t.reverses_id IS NULL AND p.amount_minor > 0 THEN p.amount_minor
              WHEN t.reverses_id IS NOT NULL AND p.amount_minor < 0 THEN p.amount_minor
              ELSE 0 END AS amount_minor
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'member'
  JOIN ledger_transactions t ON t.id = p.transaction_id
  LEFT JOIN ledger_transactions o ON o.id = t.reverses_id
  UNION ALL
  SELECT t.member_id,
         CASE a.code WHEN 'hold:withdrawals' THEN 'withdrawal_pending' ELSE 'withdrawal_paid' END,
         p.amount_minor
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id AND a.code IN ('hold:withdrawals', 'provider:payouts')
  JOIN ledger_transactions t ON t.id = p.transaction_id
  WHERE t.member_id IS NOT NULL
) x
GROUP BY x.member_id, x.bucket
HAVING SUM(x.amount_minor) <> 0;

INSERT INTO member_totals (member_id, bucket, total_minor)
SELECT member_id, bucket, total_minor FROM member_totals_from_ledger;

-- The daily bonus progress counts level-1 members activated today: an index on exactly that, so a large team is
-- not scanned on every userdata poll.
CREATE INDEX members_l1_activated ON members (l1_id, activated_at) WHERE status = 'active';

-- Numbers of a row turned into JSON strings: bigint minor units must not pass through a JavaScript number.
CREATE FUNCTION ledger_json_numbers_as_text(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_object_agg(key, CASE WHEN jsonb_typeof(value) = 'number' THEN to_jsonb(value #>> '{}') ELSE value END), '{}'::jsonb)
  FROM jsonb_each(j)
$$;

-- Audit before/after templates: a top-level string value "$transaction_id", "$before:<account code>" or
-- "$after:<account code>" is replaced by the movement's transaction id or that account's balance (as text).
CREATE FUNCTION ledger_fill_audit(template jsonb, tx_id bigint, before_balances jsonb, after_balances jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN template IS NULL OR jsonb_typeof(template) <> 'object' THEN template ELSE (
    SELECT COALESCE(jsonb_object_agg(key,
      CASE WHEN jsonb_typeof(value) <> 'string' THEN value
           WHEN value #>> '{}' = '$transaction_id' THEN to_jsonb(tx_id::text)
           WHEN value #>> '{}' LIKE '$before:%' THEN COALESCE(before_balances -> substr(value #>> '{}', 9), value)
           WHEN value #>> '{}' LIKE '$after:%' THEN COALESCE(after_balances -> substr(value #>> '{}', 8), value)
           ELSE value END), '{}'::jsonb)
    FROM jsonb_each(template)) END
$$;

-- Records one money movement. Input (jsonb; bigints as strings):
--   key, kind, member_id?, memo?, reverses_id?, rate_micro?, local_amount_minor?, local_currency?, at? (timestamptz),
--   request (what was asked, compared on replay), legs [{code, amount}],
--   guard? {member_id, statuses [..], lock 'share'|'update'}: the member row is locked and must have one of statuses,
--   business? {table 'withdrawals'|'transfers', transaction_column, row {...}}: inserted with the transaction id,
--   notify? {member_id, msg, severity}, audit? {actor_id, action, target_type, target_id, before, after, ip}.
-- Output: {status 'posted'|'replay'|'conflict', transaction_id, business, before, after} (balances by account code,
-- for the accounts that must not go negative). Errors: SQLSTATE TZ001 insufficient funds (DETAIL = account code),
-- TZ002 guard refused (DETAIL = member status or 'missing'), TZ003 malformed movement.
-- The business tables a movement may insert its row into: a feature's migration adds its own table here.
CREATE TABLE ledger_business_tables (name text PRIMARY KEY);
INSERT INTO ledger_business_tables (name) VALUES ('withdrawals'), ('transfers');

CREATE FUNCTION ledger_record_movement(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_key      text        := p ->> 'key';
  v_kind     text        := p ->> 'kind';
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_reverses bigint      := (p ->> 'reverses_id')::bigint;
  v_at       timestamptz := COALESCE((p ->> 'at')::timestamptz, now());
  v_request  jsonb       := p -> 'request';
  v_tx       bigint;
  v_old      record;
  v_status   text;
  v_codes    text[];
  v_deltas   bigint[];
  v_known    integer;
  v_sum      bigint;
  v_legs     integer;
  v_zero     boolean;
  v_bucket   text;
  v_before   jsonb := '{}'::jsonb;
  v_after    jsonb := '{}'::jsonb;
  v_business jsonb;
  v_table    text  := p -> 'business' ->> 'table';
  v_column   text  := p -> 'business' ->> 'transaction_column';
  v_row      jsonb;
  v_columns  text;
  r          record;
BEGIN
  IF v_table IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_business_tables WHERE name = v_table) THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ003', MESSAGE = format('ledger_record_movement: no business table %s', v_table);
  END IF;
  SELECT array_agg(code ORDER BY code), array_agg(delta ORDER BY code), SUM(delta), SUM(n), bool_or(has_zero)
    INTO v_codes, v_deltas, v_sum, v_legs, v_zero
  FROM (SELECT l ->> 'code' AS code, SUM((l ->> 'amount')::bigint) AS delta, count(*) AS n, bool_or((l ->> 'amount')::bigint = 0) AS has_zero
        FROM jsonb_array_elements(p -> 'legs') l GROUP BY 1) s;
  IF v_key IS NULL OR v_kind IS NULL OR v_legs IS NULL OR v_legs < 2 OR v_sum <> 0 OR v_zero THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ003', MESSAGE = format('ledger_record_movement: unbalanced or malformed movement %s', v_key);
  END IF;

  -- Exactly once per key: a concurrent first request holding the key makes this wait, then see its row.
  INSERT INTO ledger_transactions (kind, idempotency_key, member_id, reverses_id, memo, rate_micro, local_amount_minor, local_currency, request, created_at)
  VALUES (v_kind, v_key, v_member, v_reverses, p ->> 'memo', (p ->> 'rate_micro')::bigint, (p ->> 'local_amount_minor')::bigint,
          p ->> 'local_currency', v_request, v_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT id, request INTO v_old FROM ledger_transactions WHERE idempotency_key = v_key;
    IF v_old.request IS NOT NULL AND v_request IS NOT NULL AND v_old.request <> v_request THEN
      RETURN jsonb_build_object('status', 'conflict', 'transaction_id', v_old.id::text);
    END IF;
    IF v_table IS NOT NULL THEN
      EXECUTE format('SELECT ledger_json_numbers_as_text(to_jsonb(b)) FROM %I b WHERE %I = $1', v_table, v_column) INTO v_business USING v_old.id;
    END IF;
    SELECT COALESCE(jsonb_object_agg(code, balance_minor::text), '{}'::jsonb) INTO v_after
    FROM ledger_accounts WHERE code = ANY (v_codes) AND NOT allow_negative;
    RETURN jsonb_build_object('status', 'replay', 'transaction_id', v_old.id::text, 'business', v_business, 'after', v_after);
  END IF;

  IF p ? 'guard' THEN
    IF p -> 'guard' ->> 'lock' = 'update' THEN
      SELECT status INTO v_status FROM members WHERE id = (p -> 'guard' ->> 'member_id')::bigint FOR UPDATE;
    ELSE
      SELECT status INTO v_status FROM members WHERE id = (p -> 'guard' ->> 'member_id')::bigint FOR SHARE;
    END IF;
    IF v_status IS NULL OR NOT (p -> 'guard' -> 'statuses') ? v_status THEN
      RAISE EXCEPTION USING ERRCODE = 'TZ002', MESSAGE = 'movement refused by its guard', DETAIL = COALESCE(v_status, 'missing');
    END IF;
  END IF;

  SELECT count(*) INTO v_known FROM ledger_accounts WHERE code = ANY (v_codes);
  IF v_known < array_length(v_codes, 1) THEN
    INSERT INTO ledger_accounts (code, kind, member_id, wallet, allow_negative)
    SELECT c,
           CASE WHEN c LIKE 'member:%' THEN 'member' ELSE 'system' END,
           CASE WHEN c LIKE 'member:%' THEN split_part(c, ':', 2)::bigint END,
           CASE WHEN c LIKE 'member:%' THEN split_part(c, ':', 3) END,
           NOT (c LIKE 'member:%' OR c LIKE 'hold:%')
    FROM unnest(v_codes) c ORDER BY c
    ON CONFLICT (code) DO NOTHING;
  END IF;

  -- Accounts that must not go negative: locked in id order (no deadlock, no overspend), checked, then changed.
  FOR r IN
    SELECT a.id, a.code, a.balance_minor, d.delta
    FROM ledger_accounts a JOIN unnest(v_codes, v_deltas) AS d (code, delta) ON d.code = a.code
    WHERE NOT a.allow_negative
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    IF r.balance_minor + r.delta < 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'TZ001', MESSAGE = 'insufficient funds', DETAIL = r.code;
    END IF;
    v_before := v_before || jsonb_build_object(r.code, r.balance_minor::text);
    v_after := v_after || jsonb_build_object(r.code, (r.balance_minor + r.delta)::text);
  END LOOP;

  INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, created_at)
  SELECT v_tx, a.id, (l.leg ->> 'amount')::bigint, v_at
  FROM jsonb_array_elements(p -> 'legs') WITH ORDINALITY AS l (leg, n)
  JOIN ledger_accounts a ON a.code = l.leg ->> 'code'
  ORDER BY l.n;

  UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta
  FROM unnest(v_codes, v_deltas) AS d (code, delta)
  WHERE a.code = d.code AND NOT a.allow_negative AND d.delta <> 0;

  -- Running totals, by the same rule as the view member_totals_from_ledger.
  IF v_reverses IS NOT NULL THEN
    SELECT kind INTO v_bucket FROM ledger_transactions WHERE id = v_reverses;
  END IF;
  v_bucket := COALESCE(v_bucket, v_kind);
  INSERT INTO member_totals AS mt (member_id, bucket, total_minor)
  SELECT member_id, bucket, SUM(amount) FROM (
    SELECT split_part(l.code, ':', 2)::bigint AS member_id, v_bucket AS bucket,
           CASE WHEN v_reverses IS NULL AND l.amount > 0 THEN l.amount
                WHEN v_reverses IS NOT NULL AND l.amount < 0 THEN l.amount
                ELSE 0 END AS amount
    FROM (SELECT leg ->> 'code' AS code, (leg ->> 'amount')::bigint AS amount FROM jsonb_array_elements(p -> 'legs') leg) l
    WHERE l.code LIKE 'member:%'
    UNION ALL
    SELECT v_member, CASE leg ->> 'code' WHEN 'hold:withdrawals' THEN 'withdrawal_pending' ELSE 'withdrawal_paid' END, (leg ->> 'amount')::bigint
    FROM jsonb_array_elements(p -> 'legs') leg
    WHERE v_member IS NOT NULL AND leg ->> 'code' IN ('hold:withdrawals', 'provider:payouts')
  ) x
  GROUP BY member_id, bucket
  HAVING SUM(amount) <> 0
  ORDER BY member_id, bucket
  ON CONFLICT (member_id, bucket) DO UPDATE SET total_minor = mt.total_minor + EXCLUDED.total_minor;

  IF v_table IS NOT NULL THEN
    v_row := (p -> 'business' -> 'row') || jsonb_build_object(v_column, v_tx::text);
    SELECT string_agg(quote_ident(k), ', ') INTO v_columns FROM jsonb_object_keys(v_row) k;
    EXECUTE format('INSERT INTO %1$I (%2$s) SELECT %2$s FROM jsonb_populate_record(NULL::%1$I, $1) RETURNING ledger_json_numbers_as_text(to_jsonb(%1$I.*))',
                   v_table, v_columns)
      INTO v_business USING v_row;
  END IF;

  IF p ? 'notify' THEN
    INSERT INTO member_notifications (member_id, msg, severity, created_at)
    VALUES ((p -> 'notify' ->> 'member_id')::bigint, p -> 'notify' ->> 'msg', p -> 'notify' ->> 'severity', v_at);
  END IF;

  IF p ? 'audit' THEN
    INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip, created_at)
    VALUES ((p -> 'audit' ->> 'actor_id')::bigint, p -> 'audit' ->> 'action', p -> 'audit' ->> 'target_type', p -> 'audit' ->> 'target_id',
            ledger_fill_audit(p -> 'audit' -> 'before', v_tx, v_before, v_after),
            ledger_fill_audit(p -> 'audit' -> 'after', v_tx, v_before, v_after),
            p -> 'audit' ->> 'ip', v_at);
  END IF;

  RETURN jsonb_build_object('status', 'posted', 'transaction_id', v_tx::text, 'business', v_business, 'before', v_before, 'after', v_after);
END
$$;
