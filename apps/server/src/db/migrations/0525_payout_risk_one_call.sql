-- The payout risk flags of a new withdrawal in SQL (issue 28, docs/decisions/065-one-round-trip-per-money-action.md),
-- owned by modules/payout-risk: withdrawal_request (migration 0526) calls it after the hold's movement, in the same
-- call, so a withdrawal and its flags still commit together (decision 035).
--
-- What raiseRiskFlags did in TypeScript, in order: the facts (one statement, the read model's risk query), the flags
-- they deserve (a payout phone that is another member's registered phone; an M-Pesa name already paid for another
-- member; more withdrawals today than max_withdrawals_per_day; an adjustment crediting at least large_adjustment
-- within adjustment_window_hours; an upline change within upline_change_window_hours, 0 turning a window off), then
-- the member's cluster when it is open (decision 062), each inserted with its reason, detail and the staff who raised
-- it (decision 044); a kind already raised on the withdrawal stays as it is. The reasons are the caller's format()
-- strings (modules/payout-risk/payout-risk.service.ts, RISK_REASONS), so the texts stay in TypeScript.
--
-- p: {"settings": {max_withdrawals_per_day, adjustment_window_hours, upline_change_window_hours,
--                  large_adjustment_minor}, "time_zone", "day" (the operator day of `at`), "reasons": {kind: format}}.

-- formatMinorGrouped (packages/contracts/src/money.ts): 1234567 -> '12,345.67'.
CREATE FUNCTION payout_risk_format_grouped(p_minor bigint) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_minor < 0 THEN '-' ELSE '' END
         || regexp_replace((abs(p_minor) / 100)::text, '(\d)(?=(\d{3})+$)', '\1,', 'g')
         || '.' || lpad((abs(p_minor) % 100)::text, 2, '0')
$$;

CREATE FUNCTION payout_risk_raise_flags(p_withdrawal bigint, p_member bigint, p_at timestamptz, p jsonb)
  RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_settings   jsonb   := p -> 'settings';
  v_reasons    jsonb   := p -> 'reasons';
  v_adj_hours  integer := (v_settings ->> 'adjustment_window_hours')::integer;
  v_up_hours   integer := (v_settings ->> 'upline_change_window_hours')::integer;
  v_max        integer := (v_settings ->> 'max_withdrawals_per_day')::integer;
  v_large      bigint  := (v_settings ->> 'large_adjustment_minor')::bigint;
  v_adj_since  timestamptz;
  v_up_since   timestamptz;
  v_facts      record;
  v_cluster    bigint;
  v_flags      jsonb := '[]'::jsonb;
  v_flag       jsonb;
BEGIN
  IF v_adj_hours > 0 THEN v_adj_since := p_at - make_interval(hours => v_adj_hours); END IF;
  IF v_up_hours > 0 THEN v_up_since := p_at - make_interval(hours => v_up_hours); END IF;

  -- The read model's risk facts (payout-risk.read-model.ts before this migration), unchanged.
  SELECT
    (SELECT jsonb_build_object('username', o.username, 'phone', o.phone)
       FROM members me JOIN members o ON phone_tail(o.phone) = phone_tail(me.phone) AND o.id <> me.id
      WHERE me.id = p_member ORDER BY o.id LIMIT 1) AS shared_phone,
    (SELECT jsonb_build_object('name', payout_receiver_name(mine.receiver_name), 'username', o.username)
       FROM payouts mine
       JOIN payouts other ON payout_receiver_name(other.receiver_name) = payout_receiver_name(mine.receiver_name)
            AND other.state = 'paid' AND other.receiver_name IS NOT NULL AND other.member_id <> mine.member_id
       JOIN members o ON o.id = other.member_id
      WHERE mine.member_id = p_member AND mine.state = 'paid' AND mine.receiver_name IS NOT NULL
      ORDER BY other.id LIMIT 1) AS shared_name,
    (SELECT count(*)::int FROM withdrawals
      WHERE member_id = p_member AND (created_at AT TIME ZONE (p ->> 'time_zone'))::date = (p ->> 'day')::date)
      AS withdrawals_today,
    (SELECT jsonb_build_object('transaction_id', t.id::text, 'amount_minor', po.amount_minor::text, 'at', t.created_at,
                               'staff_ids', (SELECT array_agg(DISTINCT s.id::text) FROM (
                                  SELECT au.actor_id AS id FROM audit_log au
                                   WHERE au.action = 'wallet.adjust' AND au.target_type = 'member'
                                     AND au.target_id = p_member::text AND au.after->>'transactionId' = t.id::text
                                  UNION
                                  SELECT r.requested_by FROM approval_requests r
                                   WHERE r.kind = 'adjust' AND r.member_id = p_member
                                     AND r.result->>'transaction_id' = t.id::text) s WHERE s.id IS NOT NULL))
       FROM ledger_transactions t
       JOIN ledger_postings po ON po.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = po.account_id AND a.member_id = p_member
      WHERE v_adj_since IS NOT NULL AND t.member_id = p_member
        AND t.kind = 'adjustment' AND t.created_at >= v_adj_since
        AND po.amount_minor >= v_large
      ORDER BY t.created_at DESC LIMIT 1) AS adjustment,
    (SELECT jsonb_build_object('at', created_at,
                               'staff_ids', array_remove(ARRAY[actor_id::text, after->>'requestedBy'], NULL)) FROM audit_log
      WHERE v_up_since IS NOT NULL AND target_type = 'member'
        AND (target_id = p_member::text OR (after->'credited') ? p_member::text)
        AND action = 'member.change_upline'
        AND created_at >= v_up_since
      ORDER BY created_at DESC LIMIT 1) AS upline_change
  INTO v_facts;

  IF v_facts.shared_phone IS NOT NULL THEN
    v_flags := v_flags || jsonb_build_object('kind', 'shared_phone', 'detail', v_facts.shared_phone,
      'reason', format(v_reasons ->> 'shared_phone', v_facts.shared_phone ->> 'username', v_facts.shared_phone ->> 'phone'));
  END IF;
  IF v_facts.shared_name IS NOT NULL THEN
    v_flags := v_flags || jsonb_build_object('kind', 'shared_name', 'detail', v_facts.shared_name,
      'reason', format(v_reasons ->> 'shared_name', v_facts.shared_name ->> 'name', v_facts.shared_name ->> 'username'));
  END IF;
  IF v_facts.withdrawals_today > v_max THEN
    v_flags := v_flags || jsonb_build_object('kind', 'daily_count',
      'detail', jsonb_build_object('withdrawalsToday', v_facts.withdrawals_today, 'maxPerDay', v_max),
      'reason', format(v_reasons ->> 'daily_count', v_facts.withdrawals_today, v_max));
  END IF;
  IF v_facts.adjustment IS NOT NULL THEN
    v_flags := v_flags || jsonb_build_object('kind', 'after_adjustment', 'detail', v_facts.adjustment,
      'raised_by', v_facts.adjustment -> 'staff_ids',
      'reason', format(v_reasons ->> 'after_adjustment', v_adj_hours,
                       payout_risk_format_grouped((v_facts.adjustment ->> 'amount_minor')::bigint),
                       v_facts.adjustment ->> 'transaction_id'));
  END IF;
  IF v_facts.upline_change IS NOT NULL THEN
    v_flags := v_flags || jsonb_build_object('kind', 'after_upline_change', 'detail', v_facts.upline_change,
      'raised_by', v_facts.upline_change -> 'staff_ids',
      'reason', format(v_reasons ->> 'after_upline_change', v_up_hours,
                       to_char((v_facts.upline_change ->> 'at')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  END IF;
  -- In an open cluster (a possible self-referral ring, decision 062): held until the cluster is decided.
  SELECT c.id INTO v_cluster FROM fraud_cluster_members m JOIN fraud_clusters c ON c.id = m.cluster_id
  WHERE m.member_id = p_member AND c.state = 'open';
  IF v_cluster IS NOT NULL THEN
    v_flags := v_flags || jsonb_build_object('kind', 'cluster', 'detail', jsonb_build_object('clusterId', v_cluster::text),
      'reason', format(v_reasons ->> 'cluster', v_cluster));
  END IF;

  FOR v_flag IN SELECT f FROM jsonb_array_elements(v_flags) f LOOP
    INSERT INTO payout_risk_flags (withdrawal_id, member_id, kind, reason, detail, raised_at, raised_by)
    VALUES (p_withdrawal, p_member, v_flag ->> 'kind', v_flag ->> 'reason', v_flag -> 'detail', p_at,
            ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(v_flag -> 'raised_by') = 'array'
                                                        THEN v_flag -> 'raised_by' ELSE '[]'::jsonb END)::bigint))
    ON CONFLICT (withdrawal_id, kind) DO NOTHING;
  END LOOP;
  RETURN (SELECT COALESCE(jsonb_agg(f ->> 'kind'), '[]'::jsonb) FROM jsonb_array_elements(v_flags) f);
END
$$;
