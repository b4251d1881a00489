-- The multi-account signals of a sighting in one call (issue 28, docs/decisions/065-one-round-trip-per-money-action.md;
-- decisions 061 and 063): fraud_record_signals(jsonb) does the common path of recordSignals
-- (modules/fraud-signals/fraud-signals.service.ts) in one statement, and activation_activate (migration 0522) records
-- the activation's signals itself, before the member's lock, so an activation is one call after the session check.
--
-- fraud_record_signals takes { member_id, event, at, values: [{kind, hash}], linking: [kinds that join clusters],
-- default: the `fraud` setting's default } (signalsPayload builds it) and answers:
--   'none'      no values: nothing done;
--   'off'       the `fraud` setting's collect is false: the locks taken, nothing written;
--   'fallback'  nothing written (the locks are taken, and held to the caller's commit): the TypeScript path decides.
--               Either the stored `fraud` setting is one FraudSettingsSchema (packages/contracts/src/fraud.ts) would
--               refuse (the settings registry then reads the default), or another member showed a value of a linking
--               kind: then the lineages, public values, upgrades and cluster joins of decision 063 are due;
--   'recorded'  the raw rows and the evidence links written, as upsertSignalsAndLinks writes them.
-- In order, as recordSignals does it: the advisory locks of lockSignalHashes (each distinct hash, in sorted order,
-- the same keys); the `fraud` setting; the public values and the sharers of selectSharers (at most
-- max_accounts_per_signal other members per value, none for a public value); then, no sharer being of a linking kind,
-- `assess` has nothing to do (no value turns public, none is shared within a line): each sharer of a value shown by
-- fewer than max_accounts_per_signal others is linked with linking false, no link is upgraded, no cluster joined.
-- A VOLATILE function: each statement sees what the transactions that held the locks before it committed.

-- FraudSettingsSchema, in SQL: an object with collect a boolean, raw_retention_days an integer 1..3650 and
-- max_accounts_per_signal an integer 2..10000 (a jsonb number without a fraction; other keys allowed, as zod's).
CREATE FUNCTION fraud_settings_usable(v jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'object' THEN
    jsonb_typeof(v -> 'collect') IS NOT DISTINCT FROM 'boolean'
    AND CASE WHEN jsonb_typeof(v -> 'raw_retention_days') = 'number'
             THEN (v ->> 'raw_retention_days')::numeric = trunc((v ->> 'raw_retention_days')::numeric)
                  AND (v ->> 'raw_retention_days')::numeric BETWEEN 1 AND 3650
             ELSE false END
    AND CASE WHEN jsonb_typeof(v -> 'max_accounts_per_signal') = 'number'
             THEN (v ->> 'max_accounts_per_signal')::numeric = trunc((v ->> 'max_accounts_per_signal')::numeric)
                  AND (v ->> 'max_accounts_per_signal')::numeric BETWEEN 2 AND 10000
             ELSE false END
  ELSE false END
$$;

CREATE FUNCTION fraud_record_signals(p jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_at       timestamptz := (p ->> 'at')::timestamptz;
  v_values   jsonb       := COALESCE(p -> 'values', '[]'::jsonb);
  v_settings jsonb;
  v_limit    integer;
  v_kinds    text[];
  v_hashes   text[];
  v_ids      bigint[];
BEGIN
  IF jsonb_array_length(v_values) = 0 THEN
    RETURN 'none';
  END IF;

  -- lockSignalHashes: every distinct hash, in order (hex, so "C" orders as JavaScript's sort), one statement.
  PERFORM count(pg_advisory_xact_lock(hashtextextended('fraud-signal:' || h, 0)))
  FROM (SELECT DISTINCT (v ->> 'hash') COLLATE "C" AS h FROM jsonb_array_elements(v_values) v ORDER BY h) s;

  -- The `fraud` setting as the registry reads it; a stored value the schema would refuse is left to the TypeScript.
  SELECT value INTO v_settings FROM settings WHERE key = 'fraud';
  IF v_settings IS NULL OR jsonb_typeof(v_settings) = 'null' THEN
    v_settings := p -> 'default';
  ELSIF NOT fraud_settings_usable(v_settings) THEN
    RETURN 'fallback';
  END IF;
  IF NOT (v_settings ->> 'collect')::boolean THEN
    RETURN 'off';
  END IF;
  v_limit := (v_settings ->> 'max_accounts_per_signal')::numeric::integer;

  -- selectSharers: for each value not public, the other members who showed it (raw rows or links), at most v_limit.
  SELECT array_agg(v.kind), array_agg(v.hash), array_agg(s.id) INTO v_kinds, v_hashes, v_ids
  FROM jsonb_to_recordset(v_values) AS v(kind text, hash text)
  LEFT JOIN fraud_public_values pv ON pv.hash = v.hash
  JOIN LATERAL (
    SELECT id FROM (
      SELECT member_id AS id FROM fraud_signals WHERE kind = v.kind AND hash = v.hash
      UNION SELECT member_a FROM fraud_links WHERE kind = v.kind AND hash = v.hash
      UNION SELECT member_b FROM fraud_links WHERE kind = v.kind AND hash = v.hash
    ) u WHERE id <> v_member AND pv.hash IS NULL ORDER BY id LIMIT v_limit
  ) s ON true;

  -- A value of a linking kind shared with another member: decision 063's work, in TypeScript.
  IF EXISTS (SELECT 1 FROM unnest(v_kinds) k WHERE (p -> 'linking') ? k) THEN
    RETURN 'fallback';
  END IF;

  -- upsertSignalsAndLinks: one raw row per value, one evidence link per sharer of a value below the limit.
  INSERT INTO fraud_signals (member_id, kind, hash, event, seen_at)
  SELECT v_member, v.kind, v.hash, p ->> 'event', v_at FROM jsonb_to_recordset(v_values) AS v(kind text, hash text)
  ON CONFLICT (member_id, kind, hash, event) DO UPDATE SET seen_at = greatest(fraud_signals.seen_at, excluded.seen_at);
  IF v_ids IS NOT NULL THEN
    INSERT INTO fraud_links (member_a, member_b, kind, hash, linking, first_seen_at, last_seen_at)
    SELECT least(v_member, s.id), greatest(v_member, s.id), s.kind, s.hash, false, v_at, v_at
    FROM unnest(v_kinds, v_hashes, v_ids) AS s(kind, hash, id)
    WHERE (SELECT count(*) FROM unnest(v_hashes) h WHERE h = s.hash) < v_limit
    ON CONFLICT (member_a, member_b, kind, hash) DO UPDATE
      SET first_seen_at = least(fraud_links.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(fraud_links.last_seen_at, excluded.last_seen_at);
  END IF;
  RETURN 'recorded';
END
$$;

-- activation_activate as migration 0522 made it, the signals first when the payload carries them (`signals`, the
-- payload of fraud_record_signals): before the member's row lock, so the fraud locks still come before the money
-- locks. 'fallback' answers {"status": "signals"} with nothing written: the caller records them in TypeScript in its
-- transaction and calls again without them. An activation refused (no_member, active, suspended, insufficient) keeps
-- no signals, as when a refusal rolled back the transaction that had recorded them: the signals and the activation run
-- in a subtransaction, undone on a refusal.
CREATE OR REPLACE FUNCTION activation_activate(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id        bigint      := (p ->> 'member_id')::bigint;
  v_operator  bigint      := (p ->> 'operator_id')::bigint;
  v_at        timestamptz := (p ->> 'at')::timestamptz;
  v_answer    jsonb;
  v_m         record;
  v_up        record;
  v_fee       bigint;
  v_gen       integer;
  v_base      text;
  v_deposit   bigint;
  v_activation bigint;
  v_level     integer;
  v_upline    bigint;
  v_local     bigint;
  v_amount    bigint;
  v_earned    text;
  v_cluster   record;
  v_tx        bigint;
  v_paid      integer := 0;
  v_sms       jsonb := '[]'::jsonb;
  v_disabled  jsonb;
  v_conversion jsonb;
BEGIN
  IF jsonb_typeof(p -> 'signals') = 'object' THEN
    BEGIN
      IF fraud_record_signals(p -> 'signals') = 'fallback' THEN
        RETURN jsonb_build_object('status', 'signals');
      END IF;
      v_answer := activation_activate(p - 'signals');
      IF v_answer ->> 'status' <> 'activated' THEN
        RAISE EXCEPTION USING ERRCODE = 'TZ524', MESSAGE = 'activation_activate: refused, signals undone';
      END IF;
      RETURN v_answer;
    EXCEPTION WHEN SQLSTATE 'TZ524' THEN
      RETURN v_answer;
    END;
  END IF;

  SELECT m.id, m.username, m.status, m.l1_id, m.l2_id, m.l3_id, c.currency, c.rate_micro, c.abbreviation,
         f.creg_minor, f.fl1_minor, f.fl2_minor, f.fl3_minor
    INTO v_m
  FROM members m
  JOIN countries c ON c.id = m.country_id
  LEFT JOIN country_fees f ON f.country_id = m.country_id
  WHERE m.id = v_id
  FOR UPDATE OF m;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  ELSIF v_m.status IN ('active', 'suspended') THEN
    RETURN jsonb_build_object('status', v_m.status);
  ELSIF v_m.creg_minor IS NULL THEN
    RAISE EXCEPTION 'Country of member % has no fee row', v_id;
  END IF;

  v_fee := activation_div_half_up(v_m.creg_minor::numeric * 1000000, v_m.rate_micro);
  SELECT COALESCE(max(generation), 0) + 1 INTO v_gen FROM activations WHERE member_id = v_id;
  v_base := format('activation:%s:%s', v_id, v_gen);
  v_conversion := jsonb_build_object('rate_micro', v_m.rate_micro::text, 'local_currency', v_m.currency);

  IF v_operator IS NOT NULL AND v_fee > 0 THEN
    PERFORM activation_move(jsonb_build_object(
      'key', v_base || ':grant', 'kind', 'adjustment', 'member_id', v_id::text,
      'memo', 'Free activation granted by an operator (fee booked as an expense)', 'at', p ->> 'at',
      'legs', jsonb_build_array(
        jsonb_build_object('code', 'house:expenses', 'amount', (-v_fee)::text),
        jsonb_build_object('code', format('member:%s:deposit', v_id), 'amount', v_fee::text))));
  END IF;

  SELECT COALESCE(max(balance_minor), 0) INTO v_deposit FROM ledger_accounts WHERE member_id = v_id AND wallet = 'deposit';
  IF v_deposit < v_fee THEN
    RETURN jsonb_build_object('status', 'insufficient', 'deposit', v_deposit::text, 'fee_system', v_fee::text,
                              'fee_local', v_m.creg_minor::text, 'rate_micro', v_m.rate_micro::text, 'currency', v_m.currency);
  END IF;

  IF v_fee > 0 THEN
    v_activation := activation_move(v_conversion || jsonb_build_object(
      'key', v_base, 'kind', 'activation', 'member_id', v_id::text, 'memo', 'Account activation fee', 'at', p ->> 'at',
      'local_amount_minor', v_m.creg_minor::text,
      'legs', jsonb_build_array(
        jsonb_build_object('code', format('member:%s:deposit', v_id), 'amount', (-v_fee)::text),
        jsonb_build_object('code', 'house:fees', 'amount', v_fee::text))));
  END IF;

  -- The setting as readSetting reads it: a stored value its schema refuses counts as the default (none).
  SELECT value INTO v_disabled FROM settings WHERE key = 'referral_disabled_countries';
  IF (CASE WHEN jsonb_typeof(v_disabled) = 'array'
           THEN jsonb_array_length(v_disabled) > 300
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(v_disabled) e
                           WHERE jsonb_typeof(e) <> 'string' OR (e #>> '{}') COLLATE "C" !~ '^[A-Z]{2,3}$')
           ELSE true END) THEN
    v_disabled := '[]'::jsonb;
  END IF;
  IF NOT v_disabled ? v_m.abbreviation THEN
    FOR v_level IN 1..3 LOOP
      v_upline := CASE v_level WHEN 1 THEN v_m.l1_id WHEN 2 THEN v_m.l2_id ELSE v_m.l3_id END;
      v_local := COALESCE(CASE v_level WHEN 1 THEN v_m.fl1_minor WHEN 2 THEN v_m.fl2_minor ELSE v_m.fl3_minor END, 0);
      CONTINUE WHEN v_upline IS NULL;
      -- Staff are not members and earn nothing: a staff account in a chain is left out, as if it were not there.
      SELECT u.id, u.username, u.status, u.is_house, c.id AS country_id, c.currency, c.rate_micro INTO v_up
      FROM members u JOIN countries c ON c.id = u.country_id
      WHERE u.id = v_upline AND u.role = 'member';
      CONTINUE WHEN NOT FOUND OR v_up.is_house OR v_up.status = 'suspended';
      v_amount := activation_div_half_up(v_local::numeric * 1000000, v_m.rate_micro);
      CONTINUE WHEN v_amount <= 0;
      -- In the upline's own currency: as set when it is the activating member's, else converted at the upline's rate.
      v_earned := activation_format_minor(CASE WHEN v_up.currency = v_m.currency THEN v_local
                                               ELSE activation_div_half_up(v_amount::numeric * v_up.rate_micro, 1000000) END);
      -- Upline and member in one open or watched cluster: the commission waits in hold:commissions (decision 062).
      SELECT cu.id INTO v_cluster
      FROM fraud_cluster_members a
      JOIN fraud_cluster_members b ON b.cluster_id = a.cluster_id AND b.member_id = v_id
      JOIN fraud_clusters cu ON cu.id = a.cluster_id
      WHERE a.member_id = v_up.id AND cu.state IN ('open', 'watch');
      IF FOUND THEN
        v_tx := activation_move(v_conversion || jsonb_build_object(
          'key', format('%s:l%s', v_base, v_level), 'kind', 'commission_l' || v_level, 'member_id', v_up.id::text,
          'memo', format('Level %s commission held: %s activated inside cluster #%s', v_level, v_m.username, v_cluster.id),
          'at', p ->> 'at', 'local_amount_minor', v_local::text,
          'legs', jsonb_build_array(
            jsonb_build_object('code', 'house:commissions', 'amount', (-v_amount)::text),
            jsonb_build_object('code', 'hold:commissions', 'amount', v_amount::text)),
          'notify', jsonb_build_object('member_id', v_up.id::text, 'severity', 'warning', 'msg', format(
            p ->> 'held_message', v_level, v_up.currency, v_earned, v_m.username))));
        INSERT INTO commission_holds (cluster_id, member_id, from_member_id, level, amount_minor, transaction_id, held_at)
        VALUES (v_cluster.id, v_up.id, v_id, v_level, v_amount, v_tx, v_at)
        ON CONFLICT (transaction_id) DO NOTHING;
      ELSE
        PERFORM activation_move(v_conversion || jsonb_build_object(
          'key', format('%s:l%s', v_base, v_level), 'kind', 'commission_l' || v_level, 'member_id', v_up.id::text,
          'memo', format('Level %s commission: %s activated', v_level, v_m.username),
          'at', p ->> 'at', 'local_amount_minor', v_local::text,
          'legs', jsonb_build_array(
            jsonb_build_object('code', 'house:commissions', 'amount', (-v_amount)::text),
            jsonb_build_object('code', format('member:%s:balance', v_up.id), 'amount', v_amount::text)),
          'notify', jsonb_build_object('member_id', v_up.id::text, 'severity', 'success', 'msg', format(
            p ->> 'commission_message', v_up.currency, v_earned, v_level, v_m.username))));
        v_sms := v_sms || jsonb_build_array(jsonb_build_object(
          'upline_id', v_up.id::text, 'level', v_level, 'currency', v_up.currency, 'rate_micro', v_up.rate_micro::text,
          'local', v_local::text, 'system', v_amount::text));
      END IF;
      v_paid := v_paid + 1;
    END LOOP;
  END IF;

  INSERT INTO activations (member_id, generation, is_free, fee_system_minor, activation_transaction_id, activated_by, created_at)
  VALUES (v_id, v_gen, v_operator IS NOT NULL, v_fee, v_activation, v_operator, v_at);
  UPDATE members SET status = 'active', activated_at = v_at, updated_at = v_at WHERE id = v_id;

  RETURN jsonb_build_object('status', 'activated', 'username', v_m.username, 'currency', v_m.currency,
                            'fee_local', v_m.creg_minor::text, 'fee_system', v_fee::text, 'generation', v_gen,
                            'commissions_paid', v_paid, 'sms', v_sms);
END
$$;
