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

-- activation_activate: migration 0522's function, kept as it is under the name activation_activate_money, with the
-- signals first when the payload carries them (`signals`, the payload of fraud_record_signals): before the member's row
-- lock, so the fraud locks still come before the money locks. 'fallback' answers {"status": "signals"} with nothing
-- written: the caller records them in TypeScript in its transaction and calls again without them. An activation
-- refused (no_member, active, suspended, insufficient) keeps no signals, as when a refusal rolled back the transaction
-- that had recorded them: the signals and the activation run in a subtransaction, undone on a refusal.
ALTER FUNCTION activation_activate(jsonb) RENAME TO activation_activate_money;

CREATE FUNCTION activation_activate(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
BEGIN
  IF jsonb_typeof(p -> 'signals') IS DISTINCT FROM 'object' THEN
    RETURN activation_activate_money(p);
  END IF;
  BEGIN
    IF fraud_record_signals(p -> 'signals') = 'fallback' THEN
      RETURN jsonb_build_object('status', 'signals');
    END IF;
    v_answer := activation_activate_money(p - 'signals');
    IF v_answer ->> 'status' <> 'activated' THEN
      RAISE EXCEPTION USING ERRCODE = 'TZ524', MESSAGE = 'activation_activate: refused, signals undone';
    END IF;
    RETURN v_answer;
  EXCEPTION WHEN SQLSTATE 'TZ524' THEN
    RETURN v_answer;
  END;
END
$$;
