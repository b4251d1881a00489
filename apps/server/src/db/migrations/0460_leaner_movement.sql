-- A leaner money movement (issue 16, docs/decisions/041-one-statement-userdata-and-a-leaner-movement.md).
-- ledger_record_movement is redefined from its current definition (0250_kernel_writers.sql) with every behaviour
-- kept; what changes is how much work a call does:
--   * the business row is inserted by a static INSERT per (table, transaction column), planned once per connection
--     (ledger_insert_business below), instead of a format()-built statement parsed and planned on every call; a table
--     registered in ledger_business_tables without a static INSERT still takes the dynamic path, and only that path
--     reads ledger_business_tables (the up-front lookup is gone);
--   * the legs' aggregation and the count of accounts that already exist are one statement;
--   * the postings and the cached balances are written by one statement (a data-modifying WITH).
-- The idempotency key (one INSERT … ON CONFLICT DO NOTHING on the hot path), the guard, the locks in account id order,
-- the balance checks, the running totals, notification_write and audit_write are as in 0250.

-- The business row of a movement, by a static INSERT for each known (table, transaction column); NULL when the pair
-- has none (the caller then takes the dynamic path). A column left out of the row gets the column's default, as the
-- dynamic INSERT (which names only the row's columns) gives it. test/ledger-business-inserts.test.ts fails when a
-- table gains a column that is missing here.
CREATE FUNCTION ledger_insert_business(v_table text, v_column text, v_row jsonb, v_tx bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_business jsonb;
BEGIN
  IF v_table = 'transfers' AND v_column = 'transaction_id' THEN
    INSERT INTO transfers (payer_id, client_id, wallet, amount_local_minor, currency, rate_micro, amount_system_minor,
                           status, idempotency_key, transaction_id, created_at)
    SELECT r.payer_id, r.client_id, r.wallet, r.amount_local_minor, r.currency, r.rate_micro, r.amount_system_minor,
           COALESCE(r.status, 2), r.idempotency_key, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::transfers, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(transfers.*)) INTO v_business;
  ELSIF v_table = 'withdrawals' AND v_column = 'hold_transaction_id' THEN
    INSERT INTO withdrawals (member_id, wallet, amount_local_minor, fee_local_minor, currency, rate_micro,
                             amount_system_minor, fee_system_minor, status, idempotency_key, hold_transaction_id,
                             settle_transaction_id, decided_by, decided_at, created_at)
    SELECT r.member_id, r.wallet, r.amount_local_minor, r.fee_local_minor, r.currency, r.rate_micro,
           r.amount_system_minor, r.fee_system_minor, COALESCE(r.status, 0), r.idempotency_key, v_tx,
           r.settle_transaction_id, r.decided_by, r.decided_at, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::withdrawals, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(withdrawals.*)) INTO v_business;
  ELSIF v_table = 'spins' AND v_column = 'transaction_id' THEN
    INSERT INTO spins (member_id, kind, wallet, stake_local_minor, stake_system_minor, figure, segment, wheel,
                       win_system_minor, win_local_minor, currency, rate_micro, seed_id, server_seed_hash, client_seed,
                       nonce, idempotency_key, transaction_id, created_at)
    SELECT r.member_id, r.kind, r.wallet, COALESCE(r.stake_local_minor, 0), COALESCE(r.stake_system_minor, 0), r.figure,
           r.segment, r.wheel, r.win_system_minor, r.win_local_minor, r.currency, r.rate_micro, r.seed_id,
           r.server_seed_hash, r.client_seed, r.nonce, r.idempotency_key, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::spins, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(spins.*)) INTO v_business;
  ELSIF v_table = 'bonus_claims' AND v_column = 'transaction_id' THEN
    INSERT INTO bonus_claims (member_id, kind, day, amount_minor, points, transaction_id, created_at)
    SELECT r.member_id, r.kind, r.day, r.amount_minor, r.points, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::bonus_claims, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(bonus_claims.*)) INTO v_business;
  ELSIF v_table = 'video_payments' AND v_column = 'transaction_id' THEN
    INSERT INTO video_payments (member_id, video_id, task, day, amount_minor, transaction_id, created_at)
    SELECT r.member_id, r.video_id, r.task, r.day, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::video_payments, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(video_payments.*)) INTO v_business;
  ELSIF v_table = 'ad_payments' AND v_column = 'transaction_id' THEN
    INSERT INTO ad_payments (member_id, ad_id, day, action, amount_minor, transaction_id, created_at)
    SELECT r.member_id, r.ad_id, r.day, r.action, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::ad_payments, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(ad_payments.*)) INTO v_business;
  ELSIF v_table = 'trivia_payouts' AND v_column = 'transaction_id' THEN
    INSERT INTO trivia_payouts (round_id, member_id, day, correct_count, amount_minor, transaction_id, created_at)
    SELECT r.round_id, r.member_id, r.day, r.correct_count, r.amount_minor, v_tx, COALESCE(r.created_at, now())
    FROM jsonb_populate_record(NULL::trivia_payouts, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(trivia_payouts.*)) INTO v_business;
  END IF;
  RETURN v_business;
END
$$;

CREATE OR REPLACE FUNCTION ledger_record_movement(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  -- The legs by account, and how many of those accounts exist already, in one statement.
  SELECT array_agg(s.code ORDER BY s.code), array_agg(s.delta ORDER BY s.code), SUM(s.delta), SUM(s.n), bool_or(s.has_zero),
         count(a.id)
    INTO v_codes, v_deltas, v_sum, v_legs, v_zero, v_known
  FROM (SELECT l ->> 'code' AS code, SUM((l ->> 'amount')::bigint) AS delta, count(*) AS n, bool_or((l ->> 'amount')::bigint = 0) AS has_zero
        FROM jsonb_array_elements(p -> 'legs') l GROUP BY 1) s
  LEFT JOIN ledger_accounts a ON a.code = s.code;
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
      IF NOT EXISTS (SELECT 1 FROM ledger_business_tables WHERE name = v_table) THEN
        RAISE EXCEPTION USING ERRCODE = 'TZ003', MESSAGE = format('ledger_record_movement: no business table %s', v_table);
      END IF;
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

  -- The postings and the cached balances of the locked accounts, in one statement.
  WITH cached AS (
    UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta
    FROM unnest(v_codes, v_deltas) AS d (code, delta)
    WHERE a.code = d.code AND NOT a.allow_negative AND d.delta <> 0
  )
  INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, created_at)
  SELECT v_tx, a.id, (l.leg ->> 'amount')::bigint, v_at
  FROM jsonb_array_elements(p -> 'legs') WITH ORDINALITY AS l (leg, n)
  JOIN ledger_accounts a ON a.code = l.leg ->> 'code'
  ORDER BY l.n;

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
    v_business := ledger_insert_business(v_table, v_column, p -> 'business' -> 'row', v_tx);
    IF v_business IS NULL THEN
      -- A business table with no static INSERT above: the dynamic INSERT of 0250, naming only the row's columns.
      IF NOT EXISTS (SELECT 1 FROM ledger_business_tables WHERE name = v_table) THEN
        RAISE EXCEPTION USING ERRCODE = 'TZ003', MESSAGE = format('ledger_record_movement: no business table %s', v_table);
      END IF;
      v_row := (p -> 'business' -> 'row') || jsonb_build_object(v_column, v_tx::text);
      SELECT string_agg(quote_ident(k), ', ') INTO v_columns FROM jsonb_object_keys(v_row) k;
      EXECUTE format('INSERT INTO %1$I (%2$s) SELECT %2$s FROM jsonb_populate_record(NULL::%1$I, $1) RETURNING ledger_json_numbers_as_text(to_jsonb(%1$I.*))',
                     v_table, v_columns)
        INTO v_business USING v_row;
    END IF;
  END IF;

  IF p ? 'notify' THEN
    PERFORM notification_write((p -> 'notify' ->> 'member_id')::bigint, p -> 'notify' ->> 'msg', p -> 'notify' ->> 'severity', v_at);
  END IF;

  IF p ? 'audit' THEN
    PERFORM audit_write((p -> 'audit' ->> 'actor_id')::bigint, p -> 'audit' ->> 'action', p -> 'audit' ->> 'target_type', p -> 'audit' ->> 'target_id',
            ledger_fill_audit(p -> 'audit' -> 'before', v_tx, v_before, v_after),
            ledger_fill_audit(p -> 'audit' -> 'after', v_tx, v_before, v_after),
            p -> 'audit' ->> 'ip', v_at);
  END IF;

  RETURN jsonb_build_object('status', 'posted', 'transaction_id', v_tx::text, 'business', v_business, 'before', v_before, 'after', v_after);
END
$$;
