-- An activation in one call (issue 28, docs/decisions/065-one-round-trip-per-money-action.md), as payforclient_pay
-- (migration 0521) does a payment: modules/activation/activation.service.ts calls activation_activate once, on the
-- pool as a named statement or inside the request's transaction.
--
-- In order, what activateLocked did in TypeScript: the member row locked FOR UPDATE with its country and fee row;
-- `no_member`, `active`, `suspended`; a country without a fee row is an error; the fee converted to system units
-- (half up, as localToSystemMinor); the next generation; for an operator's free activation the fee granted from
-- house:expenses; `insufficient` (the deposit balance, for the caller's message; nothing is written before it: a
-- grant leaves the deposit at least the fee); the fee moved to house:fees; the commissions of levels 1-3 (none
-- where the setting referral_disabled_countries lists the member's country; staff, the house account, suspended
-- uplines and a zero amount skipped; into hold:commissions with a commission_holds row when the upline and the member
-- are in one open or watched cluster, decision 062; otherwise into the upline's Jumbo wallet, with the notification,
-- whose texts the caller passes as commission_message and held_message, format() strings);
-- the activations row; the member made active. Every movement goes through ledger_record_movement (decision 008) with
-- the payload recordMovement built, so keys, requests, replays, notifications and running totals are as before.
-- The answer carries what the caller still does outside: the SMS of the activation and of each commission paid
-- (rendered by the sms module and written to the outbox in the same transaction).

-- localToSystemMinor / systemToLocalMinor (packages/contracts/src/money.ts): numerator / denominator rounded half up
-- (both positive here).
CREATE FUNCTION activation_div_half_up(p_numerator numeric, p_denominator numeric) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT floor((2 * p_numerator + p_denominator) / (2 * p_denominator))::bigint $$;

-- formatMinor: 50000 -> '500.00'.
CREATE FUNCTION activation_format_minor(p_minor bigint) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_minor < 0 THEN '-' ELSE '' END || (abs(p_minor) / 100)::text || '.' || lpad((abs(p_minor) % 100)::text, 2, '0')
$$;

-- One movement of an activation: ledger_record_movement with the default request of recordMovement (the kind and the
-- legs sorted by account code, amounts as text). A key already used for another request cannot happen (the key
-- names the generation, taken under the member's lock); should it, everything is rolled back (TZ005, the caller's 409).
CREATE FUNCTION activation_move(p jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_legs    jsonb := p -> 'legs';
  v_request jsonb;
  v_result  jsonb;
BEGIN
  SELECT jsonb_build_object('kind', p ->> 'kind', 'legs', jsonb_agg(l ORDER BY l ->> 'code' COLLATE "C"))
    INTO v_request FROM jsonb_array_elements(v_legs) l;
  v_result := ledger_record_movement(p || jsonb_build_object('request', v_request));
  IF v_result ->> 'status' = 'conflict' THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ005', MESSAGE = format('activation_activate: key %s used for another request', p ->> 'key');
  END IF;
  RETURN (v_result ->> 'transaction_id')::bigint;
END
$$;

CREATE FUNCTION activation_activate(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id        bigint      := (p ->> 'member_id')::bigint;
  v_operator  bigint      := (p ->> 'operator_id')::bigint;
  v_at        timestamptz := (p ->> 'at')::timestamptz;
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
