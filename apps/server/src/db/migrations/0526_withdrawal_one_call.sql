-- A withdrawal request in one call (issue 28, docs/decisions/065-one-round-trip-per-money-action.md), as
-- payforclient_pay (migration 0521) does a payment: modules/withdrawals/withdrawals.service.ts calls
-- withdrawal_request once, on the pool as a named statement or inside the request's transaction.
--
-- The caller works out from its reference copy (settings, the member's country with its minimum and fee brackets)
-- what needs no row of the member: the conversion, the fee, the minimum and the payout provider's limits (`refuse`:
-- one of them refused, answered after the checks that come before it), the unlock minimum of a task wallet, the hold
-- of a phone change in hours, the movement's payload and the risk settings. In order, as requestWithdrawal and
-- holdWithdrawal did in TypeScript:
--   1. the member and their country: `no_member`; `stale` when the reference version or the member's country is not
--      the caller's (the caller reloads its copy and calls again);
--   2. the withdrawal already under the key: `earlier` (the caller answers it, or 409 for another wallet or amount);
--   3. a task wallet below its unlock minimum: `locked`; then the caller's `refuse`: `refused`;
--   4. a phone change's hold still running (decision 045): `phone_hold` with its end;
--   5. the multi-account signals (decision 061), `fraud_record_signals` (migration 0524) before any money row is
--      locked, hashed by the caller for the payout phone it was told (`signals_phone`, the session's); a sighting the
--      function leaves to TypeScript, or a phone changed since, answers `signals`, having written nothing: the
--      caller records it with recordSignals in a transaction and calls again without it;
--   6. the hold: ledger_record_movement (decision 008) with the caller's payload, the payout phone being the member's
--      phone now (decision 045);
--   7. the risk flags (decision 035), payout_risk_raise_flags (migration 0525), in the same transaction as the hold.
-- A refusal after step 5 is an exception (a wallet short at its lock, TZ001; the key taken meanwhile for another
-- request, TZ005), so the signals recorded in step 5 roll back with it, as they did in the request's transaction.
-- The answer is the movement's, with the kinds of flags raised.

-- The reference module's check for a one-call function (decision 065), used by 0526-0528: null when the caller's
-- reference copy is current for the member (their country `p_country` is the caller's `country_id` and the version is
-- `reference_version`), else the `stale` answer with what it found (retryWhileStale reloads and calls again).
CREATE FUNCTION reference_stale(p_country integer, p jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 'stale', 'version', v.version::text, 'country_id', p_country)
  FROM reference_version v
  WHERE v.id AND (p_country <> (p ->> 'country_id')::integer OR v.version <> (p ->> 'reference_version')::bigint)
$$;

CREATE FUNCTION withdrawal_request(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_key      text        := p ->> 'key';
  v_at       timestamptz := (p ->> 'at')::timestamptz;
  v_hours    integer     := (p ->> 'hold_hours')::integer;
  v_m        record;
  v_stale    jsonb;
  v_earlier  jsonb;
  v_balance  bigint;
  v_changed  timestamptz;
  v_signals  text;
  v_result   jsonb;
  v_flags    jsonb := '[]'::jsonb;
BEGIN
  SELECT m.country_id, m.phone INTO v_m FROM members m WHERE m.id = v_member;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  END IF;
  v_stale := reference_stale(v_m.country_id, p);
  IF v_stale IS NOT NULL THEN
    RETURN v_stale;
  END IF;

  SELECT ledger_json_numbers_as_text(to_jsonb(w)) INTO v_earlier FROM withdrawals w WHERE w.idempotency_key = v_key;
  IF v_earlier IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'earlier', 'withdrawal', v_earlier);
  END IF;

  IF p ->> 'unlock_minor' IS NOT NULL THEN
    SELECT COALESCE(max(balance_minor), 0) INTO v_balance
    FROM ledger_accounts WHERE member_id = v_member AND wallet = p ->> 'wallet';
    IF v_balance < (p ->> 'unlock_minor')::bigint THEN
      RETURN jsonb_build_object('status', 'locked');
    END IF;
  END IF;
  IF (p ->> 'refuse')::boolean THEN
    RETURN jsonb_build_object('status', 'refused');
  END IF;

  IF v_hours > 0 THEN
    SELECT max(applied_at) INTO v_changed FROM phone_changes WHERE member_id = v_member;
    IF v_changed + make_interval(hours => v_hours) > v_at THEN
      RETURN jsonb_build_object('status', 'phone_hold', 'until', v_changed + make_interval(hours => v_hours));
    END IF;
  END IF;

  IF p ? 'signals' THEN
    -- Hashed in TypeScript for the phone the session check read: another phone now is the TypeScript path's.
    IF p ->> 'signals_phone' IS DISTINCT FROM v_m.phone THEN
      RETURN jsonb_build_object('status', 'signals');
    END IF;
    v_signals := fraud_record_signals(p -> 'signals');
    IF v_signals = 'fallback' THEN
      RETURN jsonb_build_object('status', 'signals');
    END IF;
  END IF;

  v_result := ledger_record_movement(jsonb_set(p -> 'movement', '{business,row,payout_phone}', to_jsonb(v_m.phone)));
  -- The key taken meanwhile for another request (step 2 saw none): everything is rolled back, signals included (409).
  IF v_result ->> 'status' = 'conflict' THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ005', MESSAGE = format('withdrawal_request: key %s used for another request', v_key);
  END IF;
  IF v_result ? 'business' THEN
    v_flags := payout_risk_raise_flags((v_result -> 'business' ->> 'id')::bigint, v_member, v_at, p -> 'risk');
  END IF;
  RETURN v_result || jsonb_build_object('flags', v_flags);
END
$$;
