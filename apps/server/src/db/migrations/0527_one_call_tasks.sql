-- The video and ad tasks in one call (issue 28, docs/decisions/065-one-round-trip-per-money-action.md):
-- `payyoutube` / `paytiktok` (modules/videos, videos_pay) and `payAds` (modules/ads, ads_respond) read their
-- context, check and move in one statement, on the pool as a named statement or inside the request's transaction.
--
-- The caller works out from the app clock and its reference copy what needs no row: the operator day `today`
-- (deps.clock in TUZO_TIMEZONE, passed as `time_zone` for the activation day), the member's currency and rate, the
-- ad prices (settings) and the movement's payload (ledger_record_movement, decision 008) with the key, request,
-- legs, memo, conversion, business row and audit recordMovement built. What only the database knows is read here,
-- in the order the services checked it (task-day's loadTaskContext, itemsOnShow, then the action's own facts):
--   1. the member: `no_member`; `stale` when the reference version or the member's country is not the caller's;
--   2. the task's weekdays (task_schedules) and the member's activation day: `closed`, with the weekdays as stored
--      (null when never set), from which the schedules module builds the message (scheduleOf);
--   3. the day's set on show (task_day_sets, items retired since the draw left out): `undrawn` when the day has not
--      been drawn (the caller draws with the app's random source as before and calls again with `drawn`), else
--      `not_on_show`.

-- Steps 1-3 for one item: null when the item is on show today for this member, else the refusal to answer.
CREATE FUNCTION tasks_check_on_show(p jsonb, p_kind text) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_member   bigint := (p ->> 'member_id')::bigint;
  v_today    date   := (p ->> 'today')::date;
  v_item     bigint := (p ->> 'item_id')::bigint;
  v_m        record;
  v_stale    jsonb;
  v_open     boolean;
  v_weekdays integer[];
  v_ids      bigint[];
BEGIN
  SELECT m.country_id, m.activated_at INTO v_m FROM members m WHERE m.id = v_member;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'no_member');
  END IF;
  v_stale := reference_stale(v_m.country_id, p);
  IF v_stale IS NOT NULL THEN
    RETURN v_stale;
  END IF;

  -- taskAvailability: a scheduled weekday (0 Sunday), or the operator day of the member's activation.
  SELECT EXTRACT(DOW FROM v_today)::integer = ANY (s.weekdays::integer[]), s.weekdays::integer[] INTO v_open, v_weekdays
  FROM task_schedules s WHERE s.kind = p_kind;
  IF NOT COALESCE(v_open, false)
     AND (v_m.activated_at IS NULL OR (v_m.activated_at AT TIME ZONE (p ->> 'time_zone'))::date <> v_today) THEN
    RETURN jsonb_build_object('status', 'closed', 'weekdays', to_jsonb(v_weekdays));
  END IF;

  -- selectDaySet: the drawn ids still active.
  SELECT d.item_ids INTO v_ids FROM task_day_sets d WHERE d.day = v_today AND d.kind = p_kind;
  IF NOT FOUND AND NOT COALESCE((p ->> 'drawn')::boolean, false) THEN
    RETURN jsonb_build_object('status', 'undrawn');
  END IF;
  v_open := v_ids IS NOT NULL AND v_item = ANY (v_ids)
            AND CASE WHEN p_kind = 'ads' THEN EXISTS (SELECT 1 FROM ads a WHERE a.id = v_item AND a.active)
                     ELSE EXISTS (SELECT 1 FROM videos v WHERE v.id = v_item AND v.active) END;
  IF NOT v_open THEN
    RETURN jsonb_build_object('status', 'not_on_show');
  END IF;
  RETURN NULL;
END
$$;

-- payVideo: then, as its facts query (selectVideoFacts before) and the checks after it, `not_on_show` (no such video, or another task's),
-- `paid` (paid today), `not_started` (not the member's running watch of today), `too_soon` (fewer than
-- `pay_after_seconds` since its start, by the caller's `at`); then the movement with the video's price written into
-- the caller's payload (legs, local amount half up as systemToLocalMinor, business row, audit as formatMinor). The
-- answer is the movement's with `price_minor`; a replay of the key is the caller's "already paid".
CREATE FUNCTION videos_pay(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_video    bigint      := (p ->> 'item_id')::bigint;
  v_today    date        := (p ->> 'today')::date;
  v_at       timestamptz := (p ->> 'at')::timestamptz;
  v_refusal  jsonb;
  v_v        record;
  v_local    bigint;
  v_move     jsonb;
BEGIN
  v_refusal := tasks_check_on_show(p, p ->> 'task');
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;

  SELECT v.task, v.price_minor,
         (SELECT w.started_at FROM video_watches w WHERE w.member_id = v_member AND w.video_id = v.id AND w.day = v_today) AS started_at,
         EXISTS (SELECT 1 FROM video_payments vp WHERE vp.member_id = v_member AND vp.video_id = v.id AND vp.day = v_today) AS paid
  INTO v_v FROM videos v WHERE v.id = v_video;
  IF NOT FOUND OR v_v.task <> p ->> 'task' THEN
    RETURN jsonb_build_object('status', 'not_on_show');
  END IF;
  IF v_v.paid THEN
    RETURN jsonb_build_object('status', 'paid');
  END IF;
  IF v_v.started_at IS NULL THEN
    RETURN jsonb_build_object('status', 'not_started');
  END IF;
  IF v_at - v_v.started_at < make_interval(secs => (p ->> 'pay_after_seconds')::integer) THEN
    RETURN jsonb_build_object('status', 'too_soon');
  END IF;

  -- divRoundHalfUp(price x rate, 1e6) for a positive price; a price of 0 is refused by the ledger as before.
  v_local := floor((2 * v_v.price_minor::numeric * (p ->> 'rate_micro')::numeric + 1000000) / 2000000)::bigint;
  v_move := p -> 'movement';
  v_move := jsonb_set(v_move, '{legs,0,amount}', to_jsonb((-v_v.price_minor)::text));
  v_move := jsonb_set(v_move, '{legs,1,amount}', to_jsonb(v_v.price_minor::text));
  v_move := jsonb_set(v_move, '{local_amount_minor}', to_jsonb(v_local::text));
  v_move := jsonb_set(v_move, '{business,row,amount_minor}', to_jsonb(v_v.price_minor::text));
  v_move := jsonb_set(v_move, '{audit,after,amount_minor}', to_jsonb(
    CASE WHEN v_v.price_minor < 0 THEN '-' ELSE '' END || (abs(v_v.price_minor) / 100)::text || '.'
    || lpad((abs(v_v.price_minor) % 100)::text, 2, '0')));
  RETURN ledger_record_movement(v_move) || jsonb_build_object('price_minor', v_v.price_minor::text);
END
$$;

-- respondToAd: then the response row and the movement in the order the service wrote them (the response row
-- first, so concurrent calls lock in one order): `unlike` sets liked false; `like` sets liked true and moves the
-- caller's `movement` when there is one (a price above 0), paying nothing on a replay of the key; `comment` stores
-- the comment unless one is stored and moves, else answers `commented` having written nothing (no movement, a
-- replay, or a comment already stored). A key used for another request answers `conflict` (with the movement's
-- answer, for the caller's 409) having written nothing.
-- Then the member's response and earnings of the ad today, as selectAdsForMember read them.
CREATE FUNCTION ads_respond(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_member   bigint      := (p ->> 'member_id')::bigint;
  v_ad       bigint      := (p ->> 'item_id')::bigint;
  v_today    date        := (p ->> 'today')::date;
  v_at       timestamptz := (p ->> 'at')::timestamptz;
  v_action   text        := p ->> 'action';
  v_refusal  jsonb;
  v_move     jsonb;
  v_status   text := 'none';
  v_after    record;
BEGIN
  v_refusal := tasks_check_on_show(p, 'ads');
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;

  IF v_action = 'comment' AND NOT p ? 'movement' THEN
    -- The service stored the comment, found nothing to pay and rolled back: nothing written, "already commented".
    RETURN jsonb_build_object('status', 'commented');
  END IF;
  BEGIN
    IF v_action = 'comment' THEN
      INSERT INTO ad_responses (member_id, ad_id, day, message, updated_at) VALUES (v_member, v_ad, v_today, p ->> 'message', v_at)
      ON CONFLICT (member_id, ad_id, day) DO UPDATE SET message = EXCLUDED.message, updated_at = EXCLUDED.updated_at
        WHERE ad_responses.message IS NULL;
      IF NOT FOUND THEN
        RETURN jsonb_build_object('status', 'commented');
      END IF;
    ELSE
      INSERT INTO ad_responses (member_id, ad_id, day, liked, updated_at) VALUES (v_member, v_ad, v_today, v_action = 'like', v_at)
      ON CONFLICT (member_id, ad_id, day) DO UPDATE SET liked = EXCLUDED.liked, updated_at = EXCLUDED.updated_at;
    END IF;
    IF v_action <> 'unlike' AND p ? 'movement' THEN
      v_move := ledger_record_movement(p -> 'movement');
      v_status := v_move ->> 'status';
      IF v_status = 'conflict' OR (v_status = 'replay' AND v_action = 'comment') THEN
        RAISE EXCEPTION USING ERRCODE = 'TZ527', MESSAGE = v_status;
      END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TZ527' THEN
    -- Undone as the service's transaction was rolled back.
    IF v_status = 'conflict' THEN
      RETURN jsonb_build_object('status', 'conflict', 'movement', v_move);
    END IF;
    RETURN jsonb_build_object('status', 'commented');
  END;

  SELECT r.liked, r.message,
         (SELECT COALESCE(SUM(ap.amount_minor), 0) FROM ad_payments ap WHERE ap.member_id = v_member AND ap.ad_id = a.id AND ap.day = v_today) AS paid
  INTO v_after
  FROM ads a LEFT JOIN ad_responses r ON r.member_id = v_member AND r.ad_id = a.id AND r.day = v_today
  WHERE a.id = v_ad;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'vanished');
  END IF;
  RETURN jsonb_build_object('status', 'done', 'movement', v_status, 'liked', v_after.liked, 'message', v_after.message,
                            'paid_minor', v_after.paid::text);
END
$$;
