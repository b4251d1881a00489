-- One round trip per spin (issue 28, docs/decisions/065-one-round-trip-per-money-action.md): `requestSpin` and
-- `freespin` read their context, check, draw and move the money in one call, spins_play(jsonb).
--
-- The caller (modules/spins/spins.service.ts) works from its reference copy (settings and the member's country at
-- `reference_version`): the wheel, the stake in system units (null below the minimum), the casino switch of the
-- member's country, the win of every segment in system and local units, and a new seed pair drawn from the app's
-- random source, used only when the member has no seed in use. `stale` asks it to reload the copy and call again.
--
-- The draw is the provably fair one of decision 014, computed here on the locked seed: HMAC-SHA256 (key: the server
-- seed's 32 bytes, message "client seed:nonce"), mapped onto the wheel's weights exactly as `pickSegment`
-- (packages/contracts/src/spins.ts) does; test/spins-fairness.test.ts verifies every recorded draw with the browser's
-- function.

-- HMAC-SHA256 (RFC 2104) from the core sha256() (PostgreSQL 11+), no extension needed.
CREATE FUNCTION spins_hmac_sha256(p_key bytea, p_message bytea) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  v_key  bytea := p_key;
  v_ipad bytea;
  v_opad bytea;
BEGIN
  IF length(v_key) > 64 THEN
    v_key := sha256(v_key);
  END IF;
  v_key := v_key || decode(repeat('00', 64 - length(v_key)), 'hex');
  v_ipad := v_key;
  v_opad := v_key;
  FOR i IN 0..63 LOOP
    v_ipad := set_byte(v_ipad, i, get_byte(v_key, i) # 54);
    v_opad := set_byte(v_opad, i, get_byte(v_key, i) # 92);
  END LOOP;
  RETURN sha256(v_opad || sha256(v_ipad || p_message));
END
$$;

-- pickSegment of the contracts: eight big-endian 32-bit words, the first below 2^32 - 2^32 mod W (else the last),
-- r = word mod W, the segment whose cumulative weight range holds r.
CREATE FUNCTION spins_pick_segment(p_mac bytea, p_weights bigint[]) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  v_total bigint := 0;
  v_limit bigint;
  v_word  bigint := 0;
  v_r     bigint;
  v_n     integer := COALESCE(array_length(p_weights, 1), 0);
BEGIN
  IF length(p_mac) < 32 THEN
    RAISE EXCEPTION 'spins_pick_segment needs the 32 bytes of an HMAC-SHA256';
  END IF;
  FOR i IN 1..v_n LOOP
    IF p_weights[i] IS NULL OR p_weights[i] < 1 THEN
      RAISE EXCEPTION 'spins_pick_segment needs positive integer weights';
    END IF;
    v_total := v_total + p_weights[i];
  END LOOP;
  IF v_total < 1 OR v_total > 4294967296 THEN
    RAISE EXCEPTION 'spins_pick_segment needs positive integer weights';
  END IF;
  v_limit := 4294967296 - (4294967296 % v_total);
  FOR i IN 0..7 LOOP
    v_word := get_byte(p_mac, 4 * i)::bigint * 16777216 + get_byte(p_mac, 4 * i + 1) * 65536
              + get_byte(p_mac, 4 * i + 2) * 256 + get_byte(p_mac, 4 * i + 3);
    EXIT WHEN v_word < v_limit;
  END LOOP;
  v_r := v_word % v_total;
  FOR i IN 1..v_n LOOP
    v_r := v_r - p_weights[i];
    IF v_r < 0 THEN
      RETURN i - 1;
    END IF;
  END LOOP;
  RETURN v_n - 1;
END
$$;

-- A spin in one call. In the order the service met them before: `no_member`; `stale`; the member's seed locked
-- FOR UPDATE (started from the caller's new pair when none is in use; spins of one member run one at a time);
-- casino: `earlier` (a spin under the key: the caller compares it with the request, replay or 409), `disabled`,
-- `excluded` (with its end), `age`, `minimum`, `insufficient` (the stake's wallet, locked with Jumbo in id order,
-- must cover the stake on its own); free: `free_used`. A refusal leaves nothing behind (a seed started by this call
-- is removed, as the rollback did). Then the draw uses the nonce up and the movement (ledger_record_movement, with
-- the spin row as its business row) is returned as it answers; a free spin that drew 0 moves nothing and answers
-- `recorded` with its row.
CREATE FUNCTION spins_play(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_kind     text        := p ->> 'kind';
  v_key      text        := p ->> 'key';
  v_at       timestamptz := (p ->> 'at')::timestamptz;
  v_wallet   text        := p ->> 'wallet';
  v_stake    bigint      := (p ->> 'stake_system_minor')::bigint;
  v_country  integer;
  v_version  bigint;
  v_seed     record;
  v_started  boolean := false;
  v_earlier  jsonb;
  v_guard    record;
  v_balance  bigint;
  v_weights  bigint[];
  v_segment  integer;
  v_figure   text;
  v_win      bigint;
  v_row      jsonb;
  v_refusal  jsonb;
BEGIN
  SELECT country_id INTO v_country FROM members WHERE id = v_member;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  END IF;
  SELECT version INTO v_version FROM reference_version WHERE id;
  IF v_country <> (p ->> 'country_id')::integer OR v_version <> (p ->> 'reference_version')::bigint THEN
    RETURN jsonb_build_object('status', 'stale', 'version', v_version::text, 'country_id', v_country);
  END IF;

  SELECT id, server_seed, server_seed_hash, client_seed, next_nonce INTO v_seed
  FROM spin_seeds WHERE member_id = v_member AND revealed_at IS NULL FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO spin_seeds (member_id, server_seed, server_seed_hash, client_seed, created_at)
    VALUES (v_member, p -> 'new_seed' ->> 'server_seed', p -> 'new_seed' ->> 'server_seed_hash', p -> 'new_seed' ->> 'client_seed', v_at)
    ON CONFLICT (member_id) WHERE revealed_at IS NULL DO NOTHING
    RETURNING true INTO v_started;
    v_started := COALESCE(v_started, false);
    SELECT id, server_seed, server_seed_hash, client_seed, next_nonce INTO v_seed
    FROM spin_seeds WHERE member_id = v_member AND revealed_at IS NULL FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'No seed in use for member %', v_member;
    END IF;
  END IF;

  IF v_kind = 'casino' THEN
    SELECT ledger_json_numbers_as_text(to_jsonb(s)) INTO v_earlier FROM spins s WHERE s.idempotency_key = v_key LIMIT 1;
    IF v_earlier IS NOT NULL THEN
      RETURN jsonb_build_object('status', 'earlier', 'spin', v_earlier);
    END IF;
    SELECT sm.age_confirmed_at, sm.excluded_until, COALESCE(sm.excluded_forever, false) AS excluded_forever INTO v_guard
    FROM (SELECT 1) one LEFT JOIN spin_members sm ON sm.member_id = v_member;
    IF (p ->> 'casino_disabled')::boolean THEN
      v_refusal := jsonb_build_object('status', 'disabled');
    ELSIF v_guard.excluded_forever OR v_guard.excluded_until > v_at THEN
      v_refusal := jsonb_build_object('status', 'excluded', 'excluded_forever', v_guard.excluded_forever,
                                      'excluded_until', v_guard.excluded_until);
    ELSIF v_guard.age_confirmed_at IS NULL THEN
      v_refusal := jsonb_build_object('status', 'age');
    ELSIF v_stake IS NULL OR v_stake <= 0 THEN
      v_refusal := jsonb_build_object('status', 'minimum');
    ELSE
      -- The wallets a casino spin touches, locked in id order (the movement's order): the stake's must cover it alone.
      SELECT COALESCE(max(balance_minor) FILTER (WHERE code = p ->> 'stake_code'), 0) INTO v_balance
      FROM (SELECT code, balance_minor FROM ledger_accounts
            WHERE code IN (p ->> 'stake_code', p ->> 'win_code') ORDER BY id FOR UPDATE) a;
      IF v_balance < v_stake THEN
        v_refusal := jsonb_build_object('status', 'insufficient');
      END IF;
    END IF;
  ELSIF EXISTS (SELECT 1 FROM spins s WHERE s.member_id = v_member AND s.kind = 'free') THEN
    v_refusal := jsonb_build_object('status', 'free_used');
  END IF;
  IF v_refusal IS NOT NULL THEN
    IF v_started THEN
      DELETE FROM spin_seeds WHERE id = v_seed.id;
    END IF;
    RETURN v_refusal;
  END IF;

  -- The draw on the locked seed's next nonce, which is used up.
  SELECT array_agg((w ->> 'weight')::bigint ORDER BY n) INTO v_weights
  FROM jsonb_array_elements(p -> 'wheel') WITH ORDINALITY AS t (w, n);
  v_segment := spins_pick_segment(
    spins_hmac_sha256(decode(v_seed.server_seed, 'hex'), convert_to(v_seed.client_seed || ':' || v_seed.next_nonce, 'UTF8')),
    v_weights);
  UPDATE spin_seeds SET next_nonce = next_nonce + 1 WHERE id = v_seed.id;
  v_figure := p -> 'wheel' -> v_segment ->> 'figure';
  v_win := (p -> 'wins_system' ->> v_segment)::bigint;
  IF v_figure IS NULL OR v_win IS NULL THEN
    RAISE EXCEPTION 'Segment % is not on the wheel', v_segment;
  END IF;

  v_row := jsonb_build_object(
    'member_id', v_member::text, 'kind', v_kind, 'figure', v_figure, 'segment', v_segment, 'wheel', p -> 'wheel',
    'win_system_minor', v_win::text, 'win_local_minor', p -> 'wins_local' ->> v_segment, 'currency', p ->> 'currency',
    'rate_micro', p ->> 'rate_micro', 'seed_id', v_seed.id::text, 'server_seed_hash', v_seed.server_seed_hash,
    'client_seed', v_seed.client_seed, 'nonce', v_seed.next_nonce, 'idempotency_key', v_key, 'created_at', p ->> 'at');

  IF v_kind = 'casino' THEN
    RETURN ledger_record_movement(jsonb_build_object(
      'key', v_key,
      'kind', 'casino_spin',
      'member_id', v_member,
      'memo', format('Casino spin: stake %s x %s', p ->> 'stake_label', v_figure),
      'rate_micro', p ->> 'rate_micro',
      'local_amount_minor', p ->> 'stake_local_minor',
      'local_currency', p ->> 'currency',
      'at', p ->> 'at',
      'request', p -> 'request',
      'legs', jsonb_build_array(
                jsonb_build_object('code', p ->> 'stake_code', 'amount', (-v_stake)::text),
                jsonb_build_object('code', 'house:spins', 'amount', v_stake::text))
              || CASE WHEN v_win > 0 THEN jsonb_build_array(
                jsonb_build_object('code', 'house:spins', 'amount', (-v_win)::text),
                jsonb_build_object('code', p ->> 'win_code', 'amount', v_win::text)) ELSE '[]'::jsonb END,
      'business', jsonb_build_object('table', 'spins', 'transaction_column', 'transaction_id',
                                     'row', v_row || jsonb_build_object('wallet', v_wallet,
                                                                        'stake_local_minor', p ->> 'stake_local_minor',
                                                                        'stake_system_minor', v_stake::text))));
  END IF;

  IF v_win = 0 THEN
    -- A free spin that drew 0: no money moves, the row alone records it.
    INSERT INTO spins (member_id, kind, figure, segment, wheel, win_system_minor, win_local_minor, currency, rate_micro,
                       seed_id, server_seed_hash, client_seed, nonce, idempotency_key, created_at)
    SELECT r.member_id, r.kind, r.figure, r.segment, r.wheel, r.win_system_minor, r.win_local_minor, r.currency,
           r.rate_micro, r.seed_id, r.server_seed_hash, r.client_seed, r.nonce, r.idempotency_key, r.created_at
    FROM jsonb_populate_record(NULL::spins, v_row) r
    RETURNING ledger_json_numbers_as_text(to_jsonb(spins.*)) INTO v_row;
    RETURN jsonb_build_object('status', 'recorded', 'spin', v_row);
  END IF;
  RETURN ledger_record_movement(jsonb_build_object(
    'key', v_key,
    'kind', 'free_spin',
    'member_id', v_member,
    'memo', format('Free spin prize %s', v_figure),
    'at', p ->> 'at',
    -- The request recordMovement gives by default: the kind and the legs sorted by account code.
    'request', jsonb_build_object('kind', 'free_spin', 'legs', jsonb_build_array(
                 jsonb_build_object('code', 'house:spins', 'amount', (-v_win)::text),
                 jsonb_build_object('code', p ->> 'win_code', 'amount', v_win::text))),
    'legs', jsonb_build_array(
              jsonb_build_object('code', 'house:spins', 'amount', (-v_win)::text),
              jsonb_build_object('code', p ->> 'win_code', 'amount', v_win::text)),
    'business', jsonb_build_object('table', 'spins', 'transaction_column', 'transaction_id', 'row', v_row)));
END
$$;
