import { formatMinor, systemToLocalMinor } from '@tuzo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { SettableClock } from '../src/lib/clock.ts';
import { seedDemoContent } from '../src/modules/videos/demo-content.ts';
import { callAction } from './harness.ts';
import { statementsDuring } from './statements.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, wallets, type TestMember } from './money-fixtures.ts';

/**
 * `payyoutube` / `paytiktok` (videos_pay) and `payAds` (ads_respond) in one call (migration 0527, decision 065): the
 * statements after the session check, the answers and rows as before, the day's draw, a stale copy, the reconcile.
 */
// 2026-11-29 is a Sunday (YouTube, TikTok and ads run), 2026-12-01 a Tuesday (none of them).
const SUNDAY = new Date('2026-11-29T09:00:00Z');
const clock = new SettableClock(SUNDAY);
const { t, c } = useCountriesApp({}, { clock });
beforeAll(() => seedDemoContent(t.app.deps));

const call = (m: TestMember, action: string, payload?: unknown) =>
  callAction(t.app, action, { method: payload === undefined ? 'GET' : 'POST', token: m.token, payload });

/** The action's answer and its statements after the session check (those naming the tasks' tables or the ledger). */
async function tripsOf(m: TestMember, action: string, payload: unknown) {
  const [current] = await t.sql<{ version: string }>(`SELECT version::text FROM reference_version WHERE id`);
  await t.app.deps.reference.at(current!.version); // The process's copy, loaded once (and again after a change).
  const { result: res, statements } = await statementsDuring(() => call(m, action, payload));
  const trips = statements.filter((text) =>
    /videos|ads|video_|ad_|task_|ledger|members|settings|countries|reference|begin|commit|rollback/i.test(text),
  );
  return { res, trips };
}

const VIDEO_CALL = ['SELECT videos_pay($1::jsonb) AS r'];
const AD_CALL = ['SELECT ads_respond($1::jsonb) AS r'];

/** The answer the action gave before, in the one call. */
function oneCall(r: Awaited<ReturnType<typeof tripsOf>>, answer: object, calls: string[]) {
  expect(r.res).toMatchObject(answer);
  expect(r.trips).toEqual(calls);
}

const member = (countryId = c.kes) => createMember(t, { countryId, status: 'active' });

/** The ledger transaction, its postings and its audit row under a key. */
async function movementOf(key: string) {
  const [tx] = await t.sql<Record<string, unknown>>(
    `SELECT id::text, kind, member_id::text, memo, rate_micro::text, local_amount_minor::text, local_currency, request,
            created_at FROM ledger_transactions WHERE idempotency_key = $1`,
    [key],
  );
  const postings = await t.sql<{ a: string }>(
    'SELECT amount_minor::text AS a FROM ledger_postings WHERE transaction_id = $1 ORDER BY amount_minor',
    [tx?.id],
  );
  const audit = await t.sql(
    `SELECT actor_id::text, action, target_type, target_id, after FROM audit_log WHERE after ->> 'transaction_id' = $1`,
    [tx?.id],
  );
  return { tx, postings: postings.map((p) => p.a), audit: audit[0] as Record<string, unknown> | undefined };
}

describe('payyoutube and paytiktok in one call', () => {
  it('pays and refuses in one statement each, with the answers, rows and audit recordMovement gave', async () => {
    clock.set(SUNDAY);
    const m = await member(c.ugx);
    const video = (await call(m, 'populateyoutube')).data.videos[0];
    const pay = () => tripsOf(m, 'payyoutube', { vid: video.v_id });
    const notStarted = await pay();
    oneCall(notStarted, { status: 422, msg: 'Play the video before asking to be paid for it' }, VIDEO_CALL);
    await call(m, 'startvideo', { vid: video.v_id });
    clock.advance(4_999);
    const tooSoon = await pay();
    oneCall(tooSoon, { status: 422, msg: 'Watch at least 5 seconds of the video to be paid' }, VIDEO_CALL);
    clock.advance(1);
    const paid = await pay();
    expect(paid.res).toMatchObject({ status: 200, data: { v_id: video.v_id, amount: video.v_price, v_status: true } });
    expect(paid.res.msg).toBe(`${paid.res.data.currency} ${video.v_price} added to your YouTube wallet`);
    expect(paid.trips).toEqual(VIDEO_CALL);
    const again = await pay();
    oneCall(again, { status: 409, msg: 'This video was already paid today' }, VIDEO_CALL);

    const [row] = await t.sql<{ price: string; rate: string }>(
      `SELECT v.price_minor::text AS price, c.rate_micro::text AS rate FROM videos v, countries c WHERE v.id = $1 AND c.id = $2`,
      [video.v_id, c.ugx],
    );
    const price = BigInt(row!.price);
    const moved = await movementOf(`youtube:${m.id}:${video.v_id}:2026-11-29`);
    expect(moved.tx).toMatchObject({
      kind: 'youtube',
      member_id: m.id.toString(),
      memo: `YouTube video ${video.v_id} watched 2026-11-29`,
      rate_micro: row!.rate,
      local_amount_minor: systemToLocalMinor(price, BigInt(row!.rate)).toString(),
      request: { task: 'youtube', video: video.v_id, day: '2026-11-29' },
      created_at: clock.now(),
    });
    expect(moved.postings).toEqual([(-price).toString(), price.toString()]);
    expect(moved.audit).toEqual({
      actor_id: m.id.toString(),
      action: 'task.youtube',
      target_type: 'video',
      target_id: video.v_id,
      after: { transaction_id: moved.tx!.id, day: '2026-11-29', amount_minor: formatMinor(price) },
    });
    const payments = await t.sql('SELECT amount_minor::text AS a, day::text FROM video_payments WHERE member_id = $1', [m.id]);
    expect(payments).toEqual([{ a: price.toString(), day: '2026-11-29' }]);
    expect((await wallets(t, m.id)).youtube).toBe(price);
  });

  it('refuses a video not on show, another task’s video and a closed day in one statement each', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const shown = (await call(m, 'populateyoutube')).data.videos.map((v: { v_id: string }) => v.v_id);
    const [hidden] = await t.sql<{ id: string }>(
      `SELECT id::text AS id FROM videos WHERE task = 'youtube' AND NOT (id = ANY($1::bigint[])) LIMIT 1`,
      [shown],
    );
    const tiktok = (await call(m, 'populatetiktok')).data[0];
    for (const vid of [hidden!.id, tiktok.v_id, '999999999']) {
      const refused = await tripsOf(m, 'payyoutube', { vid });
      expect(refused.res, vid).toMatchObject({ status: 404, msg: 'This video is not on show today' });
      expect(refused.trips, vid).toEqual(VIDEO_CALL);
    }
    clock.set(new Date('2026-12-01T09:00:00Z'));
    const closed = await tripsOf(m, 'payyoutube', { vid: shown[0] });
    const msg = 'YouTube videos are available on Sunday and Wednesday. Come back on Wednesday.';
    // The call refuses with the task's weekdays; the schedules module writes the message from them (scheduleOf).
    oneCall(closed, { status: 422, msg }, VIDEO_CALL);
  });

  it('draws the day’s set on the first request of a day, as before, then calls again', async () => {
    clock.set(new Date('2026-12-06T09:00:00Z')); // A Sunday nobody has listed yet.
    const m = await member();
    const [video] = await t.sql<{ id: string }>(`SELECT id::text AS id FROM videos WHERE task = 'tiktok' AND active LIMIT 1`);
    const first = await tripsOf(m, 'paytiktok', { vid: video!.id });
    const [set] = await t.sql<{ ids: string[] }>(
      `SELECT item_ids::text[] AS ids FROM task_day_sets WHERE day = '2026-12-06' AND kind = 'tiktok'`,
    );
    expect(set!.ids).toHaveLength(4);
    expect([first.trips[0], first.trips.some((text) => text.startsWith('INSERT INTO task_day_sets'))]).toEqual([
      VIDEO_CALL[0],
      true,
    ]);
    if (set!.ids.includes(video!.id)) {
      expect(first.res).toMatchObject({ status: 422, msg: 'Play the video before asking to be paid for it' });
      expect(first.trips.at(-1)).toBe(VIDEO_CALL[0]);
    } else {
      expect(first.res).toMatchObject({ status: 404, msg: 'This video is not on show today' });
    }
    const next = await tripsOf(m, 'paytiktok', { vid: set!.ids[0] });
    oneCall(next, { status: 422, msg: 'Play the video before asking to be paid for it' }, VIDEO_CALL);
  });

  it('reloads a stale reference copy: the amount at the country’s new rate', async () => {
    clock.set(SUNDAY);
    const m = await member(c.ugx);
    const video = (await call(m, 'populatetiktok')).data[1];
    await call(m, 'startvideo', { vid: video.v_id });
    clock.advance(5_000);
    await t.app.deps.reference.at('0');
    const [before] = await t.sql<{ rate: string }>('SELECT rate_micro::text AS rate FROM countries WHERE id = $1', [c.ugx]);
    const rate = BigInt(before!.rate) * 2n;
    await t.sql('UPDATE countries SET rate_micro = $1 WHERE id = $2', [rate.toString(), c.ugx]);
    try {
      const { result, statements } = await statementsDuring(() => call(m, 'paytiktok', { vid: video.v_id }));
      const [row] = await t.sql<{ price: string }>('SELECT price_minor::text AS price FROM videos WHERE id = $1', [video.v_id]);
      expect(result).toMatchObject({ status: 200, data: { amount: formatMinor(systemToLocalMinor(BigInt(row!.price), rate)) } });
      expect(statements.filter((text) => text === VIDEO_CALL[0])).toHaveLength(2);
    } finally {
      await t.sql('UPDATE countries SET rate_micro = $1 WHERE id = $2', [before!.rate, c.ugx]);
    }
  });
});

describe('payAds in one call', () => {
  it('likes, unlikes and comments in one statement each, with the answers and rows recordMovement gave', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const ad = (await call(m, 'populateads')).data[1];
    const respond = (payload: object) => tripsOf(m, 'payAds', { addId: ad.v_id, ...payload });
    const like = await respond({ liked: true, message: '' });
    const liked = { action: 'like', amount: '2.00', currency: 'KES', v_status: { res: true, paid: '2.00' } };
    oneCall(like, { status: 200, msg: 'Liked ad', data: liked }, AD_CALL);
    expect(JSON.parse(like.res.data.v_status.data)).toEqual({ liked: true, message: '' });
    const unlike = await respond({ liked: false, message: '' });
    oneCall(unlike, { status: 200, msg: 'Unliked ad', data: { action: 'unlike', amount: '0.00' } }, AD_CALL);
    const relike = await respond({ liked: true, message: '' });
    oneCall(relike, { status: 200, data: { amount: '0.00', v_status: { paid: '2.00' } } }, AD_CALL);
    const comment = await respond({ liked: false, message: '  Great  ' });
    oneCall(comment, { status: 200, msg: 'Comment submitted', data: { action: 'comment' } }, AD_CALL);
    expect(JSON.parse(comment.res.data.v_status.data)).toEqual({ liked: true, message: 'Great' });
    const twice = await respond({ liked: false, message: 'Again' });
    oneCall(twice, { status: 409, msg: 'You already commented on this ad today' }, AD_CALL);
    const blank = await respond({ liked: false, message: '   ' });
    expect(blank.res).toMatchObject({ status: 400, msg: 'Please enter a comment' });
    expect(blank.trips).toEqual([]);

    const [response] = await t.sql('SELECT liked, message FROM ad_responses WHERE member_id = $1', [m.id.toString()]);
    expect(response).toEqual({ liked: true, message: 'Great' });
    const moved = await movementOf(`ads:${m.id}:${ad.v_id}:2026-11-29:like`);
    expect(moved.tx).toMatchObject({
      kind: 'ads',
      memo: `Ad ${ad.v_id} like 2026-11-29`,
      request: { ad: ad.v_id, day: '2026-11-29', action: 'like' },
      created_at: SUNDAY,
    });
    expect(moved.postings).toEqual(['-200', '200']);
    expect(moved.audit).toMatchObject({ action: 'task.ads.like', target_type: 'ad', target_id: ad.v_id });
    expect(moved.audit!.after).toEqual({ transaction_id: moved.tx!.id, day: '2026-11-29', amount_minor: '2.00' });
    expect((await wallets(t, m.id)).ads).toBe(200n + BigInt(comment.res.data.amount.replace('.', '')));
  });

  it('refuses an ad not on show and a closed day in one statement each', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const refused = await tripsOf(m, 'payAds', { addId: '999999999', liked: true, message: '' });
    oneCall(refused, { status: 404, msg: 'This ad is not on show today' }, AD_CALL);
    clock.set(new Date('2026-12-01T09:00:00Z'));
    const closed = await tripsOf(m, 'payAds', { addId: '1', liked: true, message: '' });
    const msg = 'Ads are available on Sunday and Monday. Come back on Sunday.';
    oneCall(closed, { status: 422, msg }, AD_CALL);
    expect(await t.sql('SELECT 1 FROM ad_responses WHERE member_id = $1', [m.id.toString()])).toEqual([]);
  });

  it('reloads a stale reference copy and pays the operator’s new price', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const ad = (await call(m, 'populateads')).data[2];
    await t.app.deps.reference.at('0');
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('ad_like_price', '"3.25"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    try {
      const { result, statements } = await statementsDuring(() =>
        call(m, 'payAds', { addId: ad.v_id, liked: true, message: '' }),
      );
      expect(result).toMatchObject({ status: 200, data: { amount: '3.25' } });
      expect(statements.filter((text) => text === AD_CALL[0])).toHaveLength(2);
    } finally {
      await t.sql(`UPDATE settings SET value = '"2.00"' WHERE key = 'ad_like_price'`);
    }
  });

  it('leaves the ledger reconciled', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
