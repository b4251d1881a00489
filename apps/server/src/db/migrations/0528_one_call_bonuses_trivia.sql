-- The daily and welcome bonuses and the trivia answers in one call each (issue 28,
-- docs/decisions/065-one-round-trip-per-money-action.md), as payforclient_pay (0521) and spins_play (0523) do:
-- modules/bonuses/bonuses.service.ts calls bonuses_claim and modules/trivia/trivia.service.ts calls trivia_answer,
-- once, on the pool as a named statement or inside the request's transaction (an Idempotency-Key).
--
-- Both callers work out from their reference copy (settings and the member's country at `reference_version`) what
-- needs no row of the member, and from the app clock what the time gives: the operator day, the instant. `stale`
-- asks them to reload the copy and call again (the member's country or the reference version moved).

-- bonuses_claim: in the order claimDailyBonus / claimWelcomeBonus checked, with the facts bonus_claim_facts read:
--   1. the member (`no_member`), then `stale`;
--   2. daily: the day's claim already made (`claimed`); the member's level-1 members activated since the start of the
--      operator's day below the target (`not_reached` with the progress); a reward of 0 (`off`);
--      welcome: the welcome claim already made (`claimed`); active level-1 members (the team counter) below the
--      target (`not_reached`); a bonus of 0 (`off`);
--   3. the movement: ledger_record_movement (decision 008) with the caller's payload (recordMovement's), the points
--      (known here) written into the claim row and the audit row. Its answer is returned as it is (a `replay` is the
--      caller's "already claimed").
CREATE FUNCTION bonuses_claim(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member  bigint      := (p ->> 'member_id')::bigint;
  v_at      timestamptz := (p ->> 'at')::timestamptz;
  v_zone    text        := p ->> 'time_zone';
  v_country integer;
  v_stale   jsonb;
  v_claimed boolean;
  v_points  integer;
BEGIN
  SELECT country_id INTO v_country FROM members WHERE id = v_member;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  END IF;
  v_stale := reference_stale(v_country, p);
  IF v_stale IS NOT NULL THEN
    RETURN v_stale;
  END IF;

  IF p ->> 'kind' = 'daily' THEN
    v_claimed := EXISTS (SELECT 1 FROM bonus_claims b
                         WHERE b.member_id = v_member AND b.kind = 'daily' AND b.day = (p ->> 'day')::date);
    SELECT count(*)::int INTO v_points FROM members d
    WHERE d.l1_id = v_member AND d.status = 'active'
      AND d.activated_at >= (date_trunc('day', v_at AT TIME ZONE v_zone) AT TIME ZONE v_zone);
  ELSE
    v_claimed := EXISTS (SELECT 1 FROM bonus_claims b WHERE b.member_id = v_member AND b.kind = 'welcome');
    v_points := COALESCE((SELECT tc.active FROM team_counts tc WHERE tc.upline_id = v_member AND tc.level = 1), 0);
  END IF;
  IF v_claimed THEN
    RETURN jsonb_build_object('status', 'claimed');
  END IF;
  IF v_points < (p ->> 'target')::integer THEN
    RETURN jsonb_build_object('status', 'not_reached', 'progress', v_points);
  END IF;
  IF (p ->> 'reward_minor')::bigint <= 0 THEN
    RETURN jsonb_build_object('status', 'off');
  END IF;

  RETURN ledger_record_movement(
    jsonb_set(jsonb_set(p -> 'movement', '{business,row,points}', to_jsonb(v_points)), '{audit,after,points}', to_jsonb(v_points)));
END
$$;

-- trivia_answer: in the order submitAnswers checked, in one transaction:
--   1. the member (`no_member`), then `stale`;
--   2. the member's latest round locked FOR UPDATE (concurrent submissions grade once): none, or one of another day
--      whose time is up, is `not_started`; one submitted is `already`;
--   3. the grading: an answer counts when its question was served in the round (and is still in the bank) and it is
--      the first answer to that question; whether it is right is the caller's verdict (trivia.grading.ts, option
--      text trimmed and case-insensitive, as JavaScript compares it), made on the right option it sent with each
--      answer: when that text is not the bank's now for a graded answer, nothing is written and `questions` asks the
--      caller to reload its copy of the bank and call again. Answers after the 60 s and the grace score nothing;
--   4. the round marked submitted with every answer received, then, when the correct answers earn something, the
--      movement (ledger_record_movement) from house:tasks into Jumbo with the trivia_payouts row, the notification
--      and the audit row, built as recordMovement built them, with the amounts the caller worked out for each number
--      of correct answers and the texts it gave (format() strings). A key used for another request raises TZ005 and
--      rolls the round back (the caller's 409).
-- The answer: the counts (`graded`), with the movement's when money moved.
CREATE FUNCTION trivia_answer(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member  bigint      := (p ->> 'member_id')::bigint;
  v_at      timestamptz := (p ->> 'at')::timestamptz;
  v_country integer;
  v_reference jsonb;
  v_round   record;
  v_day     text;
  v_late    boolean := false;
  v_stale   boolean;
  v_right   integer;
  v_record  jsonb;
  v_correct integer;
  v_amount  jsonb;
  v_counts  jsonb;
  v_result  jsonb;
BEGIN
  SELECT country_id INTO v_country FROM members WHERE id = v_member;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  END IF;
  v_reference := reference_stale(v_country, p);
  IF v_reference IS NOT NULL THEN
    RETURN v_reference;
  END IF;

  SELECT * INTO v_round FROM trivia_rounds WHERE member_id = v_member ORDER BY started_at DESC LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_started');
  END IF;
  -- As JavaScript compared them: the start as a Date (whole milliseconds), the deadline in milliseconds.
  v_late := v_at > date_trunc('milliseconds', v_round.started_at) + make_interval(secs => (p ->> 'deadline_ms')::numeric / 1000);
  IF v_round.day <> (p ->> 'today')::date AND v_late THEN
    RETURN jsonb_build_object('status', 'not_started');
  END IF;
  v_day := to_char(v_round.day, 'YYYY-MM-DD');
  IF v_round.submitted_at IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'already');
  END IF;

  WITH given AS (
    SELECT a, n, row_number() OVER (PARTITION BY a ->> 'qid' ORDER BY n) AS nth
    FROM jsonb_array_elements(COALESCE(p -> 'answers', '[]'::jsonb)) WITH ORDINALITY AS t (a, n)
  ), served AS (
    SELECT q.id::text AS qid, q.options[q.correct] AS right_option
    FROM trivia_questions q WHERE q.id = ANY (v_round.question_ids)
  ), graded AS (
    SELECT g.a, g.n, s.qid IS NOT NULL AND g.nth = 1 AS graded, s.right_option
    FROM given g LEFT JOIN served s ON s.qid = g.a ->> 'qid'
  )
  SELECT bool_or(graded AND (a ->> 'right') IS DISTINCT FROM right_option),
         count(*) FILTER (WHERE graded AND (a ->> 'correct')::boolean)::int,
         COALESCE(jsonb_agg(jsonb_build_object('qid', a -> 'qid', 'answer', a -> 'answer', 'graded', graded,
                                               'correct', graded AND (a ->> 'correct')::boolean) ORDER BY n), '[]'::jsonb)
  INTO v_stale, v_right, v_record
  FROM graded;
  IF v_stale THEN
    RETURN jsonb_build_object('status', 'questions');
  END IF;

  v_correct := CASE WHEN v_late THEN 0 ELSE v_right END;
  UPDATE trivia_rounds SET submitted_at = v_at, answers = v_record, correct_count = v_correct
  WHERE id = v_round.id AND submitted_at IS NULL;
  v_counts := jsonb_build_object('status', 'graded', 'correct', v_correct, 'total', cardinality(v_round.question_ids),
                                 'late', v_late);
  v_amount := p -> 'amounts' -> v_correct;
  IF v_amount IS NULL THEN
    RAISE EXCEPTION 'trivia_answer: no amount for % correct answers', v_correct;
  END IF;
  IF (v_amount ->> 'system')::bigint <= 0 THEN
    RETURN v_counts;
  END IF;

  v_result := ledger_record_movement(jsonb_build_object(
    'key', format('trivia:%s:%s', v_member, v_day),
    'kind', 'trivia',
    'member_id', v_member::text,
    'memo', format(p ->> 'memo', v_day, v_correct),
    'reverses_id', NULL,
    'rate_micro', p ->> 'rate_micro',
    'local_amount_minor', v_amount ->> 'local',
    'local_currency', p ->> 'currency',
    'at', p -> 'at',
    'request', jsonb_build_object('kind', 'trivia', 'day', v_day),
    'legs', jsonb_build_array(
              jsonb_build_object('code', p ->> 'house_code', 'amount', '-' || (v_amount ->> 'system')),
              jsonb_build_object('code', p ->> 'win_code', 'amount', v_amount ->> 'system')),
    'business', jsonb_build_object('table', 'trivia_payouts', 'transaction_column', 'transaction_id',
                                   'row', jsonb_build_object(
                                     'round_id', v_round.id::text, 'member_id', v_member::text, 'day', v_day,
                                     'correct_count', v_correct, 'amount_minor', v_amount ->> 'system',
                                     'created_at', p -> 'at')),
    'notify', jsonb_build_object('member_id', v_member::text, 'severity', 'success',
                                 'msg', format(p ->> 'notice', v_correct, cardinality(v_round.question_ids),
                                               v_amount ->> 'text')),
    'audit', jsonb_build_object('actor_id', v_member::text, 'action', 'trivia.payout', 'target_type', 'member',
                                'target_id', v_member::text, 'before', NULL, 'ip', NULL,
                                'after', jsonb_build_object('transaction_id', '$transaction_id', 'day', v_day,
                                                            'correct', v_correct, 'amount_minor', v_amount ->> 'system'))));
  IF v_result ->> 'status' = 'conflict' THEN
    RAISE EXCEPTION USING ERRCODE = 'TZ005', MESSAGE = format('trivia_answer: key trivia:%s:%s used for another request', v_member, v_day);
  END IF;
  RETURN v_result || (v_counts - 'status');
END
$$;
