-- One round trip per payment, fewer index insertions and foreign-key checks per movement (issue 28,
-- docs/decisions/065-one-round-trip-per-money-action.md).
--
-- 1. Indexes that only repeat another:
--    * transfers_idempotency_key_key: a transfer is written only by its movement, under the same key, which
--      ledger_transactions_idempotency_key_key already makes unique (one transfer per transaction);
--    * ledger_postings_transaction (transaction_id): the primary key becomes (transaction_id, id), which serves the
--      same lookups, so each posting inserts two index entries instead of three.
-- 2. Foreign keys the movement function guarantees (each re-checked by the reconcile, ledger/reconcile.ts):
--    * ledger_postings -> ledger_transactions and -> ledger_accounts: the function inserts the postings with the
--      transaction it has just inserted and the ids of account rows it has just locked or inserted; transactions are
--      append-only (no DELETE), and an account with postings cannot be deleted (trigger below);
--    * transfers -> ledger_transactions, -> members (payer, client): a transfer is the business row of its movement,
--      whose legs are the payer's and the client's wallets (accounts that exist, are locked, and keep their foreign
--      key to members);
--    * ledger_transactions -> members: guaranteed by the function (the check added below).
-- 3. payforclient_pay(jsonb): the payment in one call (context, checks, movement).

ALTER TABLE transfers DROP CONSTRAINT transfers_idempotency_key_key,
  DROP CONSTRAINT transfers_transaction_id_fkey,
  DROP CONSTRAINT transfers_payer_id_fkey,
  DROP CONSTRAINT transfers_client_id_fkey;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_transaction_id_fkey,
  DROP CONSTRAINT ledger_postings_account_id_fkey,
  DROP CONSTRAINT ledger_postings_pkey,
  ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (transaction_id, id);
DROP INDEX ledger_postings_transaction;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_member_id_fkey;

-- What ledger_postings_account_id_fkey refused: deleting an account that has postings.
CREATE FUNCTION ledger_accounts_keep_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_postings WHERE account_id = OLD.id) THEN
    RAISE EXCEPTION USING ERRCODE = '23503', MESSAGE = format('ledger account %s has postings', OLD.code);
  END IF;
  RETURN OLD;
END
$$;
CREATE TRIGGER ledger_accounts_keep_posted BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_posted();

-- ledger_record_movement as in 0460_leaner_movement.sql, with the member check that replaces the foreign key.
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

  -- The member named on the transaction exists (replaces ledger_transactions_member_id_fkey, decision 065). A member
  -- with a wallet among the legs is held by that account (ledger_accounts keeps its foreign key; the account is locked
  -- FOR UPDATE below or inserted here); any other is looked up FOR KEY SHARE, as the foreign key did.
  IF v_member IS NOT NULL AND NOT EXISTS (SELECT 1 FROM unnest(v_codes) c WHERE c LIKE 'member:' || v_member || ':%') THEN
    PERFORM 1 FROM members WHERE id = v_member FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = '23503', MESSAGE = format('ledger_record_movement: no member %s', v_member);
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

-- payforclient in one call (modules/payforclient/payforclient.service.ts). The caller converts the amount with its
-- reference copy (rate and currency of the payer's country at `reference_version`); `stale` asks it to reload and call
-- again when that copy or the payer's country is no longer current. Otherwise, in order: `no_payer`; `earlier` (a
-- transfer under this key: the caller compares it with the request, replay or 409); `no_client` (not in the payer's
-- levels 1-3 by that username); `suspended`; `active`; `too_small`; else the movement's own result (posted, replay of
-- a concurrent first request, conflict) with the client. A client whose status changed since it was read is refused by
-- the movement's guard (TZ002), as before.
CREATE FUNCTION payforclient_pay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_payer   bigint := (p ->> 'payer_id')::bigint;
  v_key     text   := p ->> 'key';
  v_wallet  text   := p ->> 'wallet';
  v_system  bigint := (p ->> 'amount_system_minor')::bigint;
  v_country integer;
  v_version bigint;
  v_earlier jsonb;
  v_client  record;
  v_who     jsonb;
BEGIN
  SELECT country_id INTO v_country FROM members WHERE id = v_payer;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_payer');
  END IF;
  SELECT version INTO v_version FROM reference_version WHERE id;
  IF v_country <> (p ->> 'country_id')::integer OR v_version <> (p ->> 'reference_version')::bigint THEN
    RETURN jsonb_build_object('status', 'stale', 'version', v_version::text, 'country_id', v_country);
  END IF;

  SELECT k.id, k.username, k.status INTO v_client
  FROM members k
  WHERE lower(k.username) = p ->> 'username' AND (k.l1_id = v_payer OR k.l2_id = v_payer OR k.l3_id = v_payer)
  LIMIT 1;
  IF v_client.id IS NOT NULL THEN
    v_who := jsonb_build_object('id', v_client.id::text, 'username', v_client.username, 'status', v_client.status);
  END IF;

  -- The key's transaction (its unique index) and its transfer, among the payer's (transfers_payer).
  SELECT ledger_json_numbers_as_text(to_jsonb(t)) INTO v_earlier
  FROM ledger_transactions l JOIN transfers t ON t.payer_id = v_payer AND t.transaction_id = l.id
  WHERE l.idempotency_key = v_key;
  IF v_earlier IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'earlier', 'transfer', v_earlier, 'client', v_who);
  END IF;
  IF v_who IS NULL THEN
    RETURN jsonb_build_object('status', 'no_client');
  ELSIF v_client.status IN ('suspended', 'active') THEN
    RETURN jsonb_build_object('status', v_client.status);
  ELSIF v_system IS NULL OR v_system <= 0 THEN
    RETURN jsonb_build_object('status', 'too_small');
  END IF;

  RETURN ledger_record_movement(jsonb_build_object(
    'key', v_key,
    'kind', 'pay_for_client',
    'member_id', v_payer,
    'memo', format('Pay for client %s from %s wallet', v_client.username, p ->> 'wallet_label'),
    'rate_micro', p ->> 'rate_micro',
    'local_amount_minor', p ->> 'amount_local_minor',
    'local_currency', p ->> 'currency',
    'at', p ->> 'at',
    'request', jsonb_build_object('wallet', v_wallet, 'amountLocalMinor', p ->> 'amount_local_minor',
                                  'clientId', v_client.id::text),
    'legs', jsonb_build_array(
      jsonb_build_object('code', format('member:%s:%s', v_payer, v_wallet), 'amount', (-v_system)::text),
      jsonb_build_object('code', format('member:%s:deposit', v_client.id), 'amount', v_system::text)),
    'guard', jsonb_build_object('member_id', v_client.id::text, 'statuses', jsonb_build_array('inactive'), 'lock', 'share'),
    'business', jsonb_build_object('table', 'transfers', 'transaction_column', 'transaction_id', 'row', jsonb_build_object(
      'payer_id', v_payer::text, 'client_id', v_client.id::text, 'wallet', v_wallet,
      'amount_local_minor', p ->> 'amount_local_minor', 'currency', p ->> 'currency', 'rate_micro', p ->> 'rate_micro',
      'amount_system_minor', v_system::text, 'status', 2, 'idempotency_key', v_key, 'created_at', p ->> 'at'))
  )) || jsonb_build_object('client', v_who);
END
$$;
