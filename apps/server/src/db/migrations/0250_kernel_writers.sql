-- One writer each for audit rows and member notifications (docs/decisions/027-owners-and-kernel.md).
-- Until now two pieces of code inserted into each table: the audit module's writeAudit and ledger_record_movement's
-- own INSERT INTO audit_log; the notifications module, the broadcast's INSERT … SELECT and ledger_record_movement's
-- INSERT INTO member_notifications. Now each table has one INSERT, in a function of its owning module:
--   audit_write         (module audit):         called by audit.service.ts recordAudit and by ledger_record_movement;
--   notification_write  (module notifications): called by notifications.service.ts notifyMember / notifyMembers and
--                                                by ledger_record_movement.
-- The rows written are the same as before: created_at is the given instant, or now() when none is given (the column's
-- default until now). ledger_record_movement is redefined below with its two INSERTs replaced by these calls and
-- nothing else changed (the rest is 0050_one_money_movement.sql, word for word).

CREATE FUNCTION audit_write(p_actor_id bigint, p_action text, p_target_type text, p_target_id text, p_before jsonb,
                            p_after jsonb, p_ip text, p_at timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, ip, created_at)
  VALUES (p_actor_id, p_action, p_target_type, p_target_id, p_before, p_after, p_ip, COALESCE(p_at, now()))
$$;

CREATE FUNCTION notification_write(p_member_id bigint, p_msg text, p_severity text, p_at timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO member_notifications (member_id, msg, severity, created_at)
  VALUES (p_member_id, p_msg, p_severity, COALESCE(p_at, now()))
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
