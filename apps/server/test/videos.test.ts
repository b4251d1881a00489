import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { seedDemoContent } from '../src/modules/videos/demo-content.ts';
import { callAction } from './harness.ts';
import { createMember, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

// 2026-11-29 is a Sunday (YouTube and TikTok run), 2026-11-30 a Monday (TikTok only), 2026-12-02 a Wednesday.
const SUNDAY = new Date('2026-11-29T09:00:00Z');
const clock = new SettableClock(SUNDAY);

const { t, c } = useCountriesApp({}, { clock });
beforeAll(async () => {
  await seedDemoContent(t.app.deps);
});

/** A member (active by default) whose session outlives the test clock (createMember's session lasts ten years). */
const member = (status: 'active' | 'inactive' = 'active') => createMember(t, { countryId: c.kes, status });
/** On Sunday, a new member starts the `index`th video listed to them, and watches it for five seconds. */
async function startedOnSunday(index: number) {
  clock.set(SUNDAY);
  const m = await member();
  const video = (await populate(m)).data.videos[index];
  await start(m, video.v_id);
  clock.advance(5_000);
  return { m, video };
}
const populate = (m: TestMember) => callAction(t.app, 'populateyoutube', { token: m.token });
const start = (m: TestMember, vid: unknown) =>
  callAction(t.app, 'startvideo', { method: 'POST', token: m.token, payload: { vid } });
const pay = (m: TestMember, vid: unknown, action = 'payyoutube') =>
  callAction(t.app, action, { method: 'POST', token: m.token, payload: { vid } });

describe('populateyoutube and populatetiktok', () => {
  it('shows the same 4 videos to every member on a YouTube day, with prices, paid state and the days', async () => {
    clock.set(SUNDAY);
    const [a, b] = [await member(), await member()];
    const first = await populate(a);
    expect(first).toMatchObject({ status: 200, data: { dates: ['Sunday', 'Wednesday'], currency: 'KES' } });
    expect(first.data.videos).toHaveLength(4);
    expect(first.data.videos.map((v: { No: number }) => v.No)).toEqual([1, 2, 3, 4]);
    expect(first.data.videos[0]).toMatchObject({
      v_status: false,
      v_source: 'file',
      v_url: expect.stringMatching(/^\/media\/demo\/videos\/youtube-\d\d\.webm$/),
      v_price: expect.stringMatching(/^\d+\.00$/),
    });
    expect((await populate(b)).data.videos).toEqual(first.data.videos);
    const tiktok = await callAction(t.app, 'populatetiktok', { token: a.token });
    expect(tiktok.status).toBe(200);
    expect(tiktok.data).toHaveLength(4);
    expect(tiktok.data[0].v_url).toMatch(/tiktok-\d\d\.webm$/);
  });

  it('is empty outside its days, naming the next day, and open on the member’s activation day', async () => {
    clock.set(new Date('2026-11-30T09:00:00Z')); // Monday
    const m = await member();
    expect(await populate(m)).toMatchObject({
      status: 200,
      msg: 'YouTube videos are available on Sunday and Wednesday. Come back on Wednesday.',
      data: { videos: [], dates: ['Sunday', 'Wednesday'] },
    });
    await t.sql('UPDATE members SET activated_at = $1 WHERE id = $2', [new Date('2026-11-30T06:00:00Z'), m.id.toString()]);
    expect((await populate(m)).data.videos).toHaveLength(4);
  });

  it('refuses inactive members', async () => {
    const m = await member('inactive');
    expect((await populate(m)).status).toBe(403);
    expect((await start(m, 1)).status).toBe(403);
  });
});

describe('startvideo and payyoutube', () => {
  it('pays at 5 s after the recorded start, not at 4 s, once per day, into the YouTube wallet', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const video = (await populate(m)).data.videos[0];
    expect(await pay(m, video.v_id)).toMatchObject({ status: 422, msg: 'Play the video before asking to be paid for it' });
    expect(await start(m, video.v_id)).toMatchObject({
      status: 200,
      data: { v_id: video.v_id, started_at: SUNDAY.toISOString() },
    });
    clock.advance(4_000);
    expect(await pay(m, video.v_id)).toMatchObject({ status: 422, msg: 'Watch at least 5 seconds of the video to be paid' });
    // Starting again does not move the start that counts.
    await start(m, video.v_id);
    clock.advance(1_000);
    const paid = await pay(m, Number(video.v_id));
    expect(paid).toMatchObject({
      status: 200,
      data: { v_id: video.v_id, amount: video.v_price, currency: 'KES', v_status: true },
    });
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(video.v_price.replace('.', '')));
    expect((await populate(m)).data.videos[0]).toMatchObject({ v_id: video.v_id, v_status: true });
    expect(await pay(m, video.v_id)).toMatchObject({ status: 409, msg: 'This video was already paid today' });
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(video.v_price.replace('.', '')));
  });

  it('does not count another member’s start', async () => {
    clock.set(SUNDAY);
    const [a, b] = [await member(), await member()];
    const video = (await populate(a)).data.videos[1];
    await start(b, video.v_id);
    clock.advance(10_000);
    expect(await pay(a, video.v_id)).toMatchObject({ status: 422, msg: 'Play the video before asking to be paid for it' });
    expect((await pay(b, video.v_id)).status).toBe(200);
    expect((await wallets(t, a.id)).youtube).toBe(0n);
  });

  it('refuses a video not on show today, a TikTok video on the YouTube action, and bad ids', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const shown = (await populate(m)).data.videos.map((v: { v_id: string }) => v.v_id);
    const hidden = await t.sql<{ id: string }>(
      `SELECT id::text AS id FROM videos WHERE task = 'youtube' AND NOT (id = ANY($1::bigint[])) LIMIT 1`,
      [shown],
    );
    expect(await start(m, hidden[0]!.id)).toMatchObject({ status: 404, msg: 'This video is not on show today' });
    expect(await pay(m, hidden[0]!.id)).toMatchObject({ status: 404, msg: 'This video is not on show today' });
    const tiktok = (await callAction(t.app, 'populatetiktok', { token: m.token })).data[0];
    await start(m, tiktok.v_id);
    clock.advance(6_000);
    expect(await pay(m, tiktok.v_id)).toMatchObject({ status: 404 });
    expect(await pay(m, tiktok.v_id, 'paytiktok')).toMatchObject({ status: 200, data: { amount: tiktok.v_price } });
    expect((await wallets(t, m.id)).tiktok).toBe(BigInt(tiktok.v_price.replace('.', '')));
    for (const vid of ['abc', -1, 0, null, '999999999']) expect((await pay(m, vid)).status).toBeGreaterThanOrEqual(400);
    expect((await pay(m, '999999999')).status).toBe(404);
    expect((await start(m, 'abc')).status).toBe(400);
  });

  it('drops a video the operator retires after the draw: no longer listed, no longer paid', async () => {
    const { m, video } = await startedOnSunday(3);
    await t.sql('UPDATE videos SET active = false WHERE id = $1', [video.v_id]);
    try {
      expect((await populate(m)).data.videos.map((v: { v_id: string }) => v.v_id)).not.toContain(video.v_id);
      expect(await pay(m, video.v_id)).toMatchObject({ status: 404, msg: 'This video is not on show today' });
      expect((await wallets(t, m.id)).youtube).toBe(0n);
    } finally {
      await t.sql('UPDATE videos SET active = true WHERE id = $1', [video.v_id]);
    }
  });

  it('pays once for 20 concurrent calls', async () => {
    const { m, video } = await startedOnSunday(2);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(m, video.v_id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(video.v_price.replace('.', '')));
    const rows = await t.sql('SELECT 1 FROM video_payments WHERE member_id = $1', [m.id.toString()]);
    expect(rows).toHaveLength(1);
  });

  it('refuses on a closed day and pays again on the next YouTube day', async () => {
    const { m, video } = await startedOnSunday(3);
    expect((await pay(m, video.v_id)).status).toBe(200);
    clock.set(new Date('2026-11-30T09:00:00Z')); // Monday: closed
    expect(await pay(m, video.v_id)).toMatchObject({
      status: 422,
      msg: 'YouTube videos are available on Sunday and Wednesday. Come back on Wednesday.',
    });
    clock.set(new Date('2026-12-02T09:00:00Z')); // Wednesday: a new day, a new set, nothing paid yet
    const wednesday = (await populate(m)).data.videos;
    expect(wednesday).toHaveLength(4);
    expect(wednesday.every((v: { v_status: boolean }) => !v.v_status)).toBe(true);
    const next = wednesday[0];
    await start(m, next.v_id);
    clock.advance(5_000);
    expect((await pay(m, next.v_id)).status).toBe(200);
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(video.v_price.replace('.', '')) + BigInt(next.v_price.replace('.', '')));
  });
});

describe('one video at a time (spec: "Only one video plays at a time")', () => {
  const NOT_STARTED = 'Play the video before asking to be paid for it';
  const TOO_SOON = 'Watch at least 5 seconds of the video to be paid';

  it('four videos started together: only the last one started pays after 5 s', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const videos = (await populate(m)).data.videos as Array<{ v_id: string; v_price: string }>;
    for (const video of videos) expect((await start(m, video.v_id)).status).toBe(200);
    clock.advance(5_000);
    for (const video of videos.slice(0, 3)) expect(await pay(m, video.v_id)).toMatchObject({ status: 422, msg: NOT_STARTED });
    expect((await pay(m, videos[3]!.v_id)).status).toBe(200);
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(videos[3]!.v_price.replace('.', '')));
  });

  it('starting a second video ends the first one’s timer; the first pays only 5 s after it is started again', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const [first, second] = (await populate(m)).data.videos as Array<{ v_id: string; v_price: string }>;
    await start(m, first!.v_id);
    clock.advance(3_000);
    expect((await start(m, second!.v_id)).data.started_at).toBe(clock.now().toISOString());
    clock.advance(3_000);
    // The first video's 6 seconds since its start do not count: another video was started in between.
    expect(await pay(m, first!.v_id)).toMatchObject({ status: 422, msg: NOT_STARTED });
    const restarted = await start(m, first!.v_id);
    expect(restarted.data.started_at).toBe(clock.now().toISOString());
    // The second video's timer ended in turn.
    clock.advance(5_000);
    expect(await pay(m, second!.v_id)).toMatchObject({ status: 422, msg: NOT_STARTED });
    expect((await pay(m, first!.v_id)).status).toBe(200);
    expect((await wallets(t, m.id)).youtube).toBe(BigInt(first!.v_price.replace('.', '')));
  });

  it('counts across YouTube and TikTok: a TikTok start ends a YouTube video’s timer', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const youtube = (await populate(m)).data.videos[0];
    const tiktok = (await callAction(t.app, 'populatetiktok', { token: m.token })).data[0];
    await start(m, youtube.v_id);
    clock.advance(1_000);
    await start(m, tiktok.v_id);
    clock.advance(4_000);
    expect(await pay(m, youtube.v_id)).toMatchObject({ status: 422, msg: NOT_STARTED });
    expect(await pay(m, tiktok.v_id, 'paytiktok')).toMatchObject({ status: 422, msg: TOO_SOON });
    clock.advance(1_000);
    expect((await pay(m, tiktok.v_id, 'paytiktok')).status).toBe(200);
    expect(await wallets(t, m.id)).toMatchObject({ youtube: 0n, tiktok: BigInt(tiktok.v_price.replace('.', '')) });
  });

  it('four starts sent at once leave one running watch: one video pays, whichever won', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const videos = (await populate(m)).data.videos as Array<{ v_id: string }>;
    const started = await Promise.all(videos.map((video) => start(m, video.v_id)));
    expect(started.every((r) => r.status === 200)).toBe(true);
    clock.advance(5_000);
    const paid = await Promise.all(videos.map((video) => pay(m, video.v_id)));
    expect(paid.filter((r) => r.status === 200)).toHaveLength(1);
    expect(paid.filter((r) => r.status === 422 && r.msg === NOT_STARTED)).toHaveLength(3);
    expect(await t.sql('SELECT 1 FROM video_watches WHERE member_id = $1', [m.id.toString()])).toHaveLength(1);
  });
});

describe('media', () => {
  it('serves the demo videos with range requests', async () => {
    const full = await t.app.inject({ method: 'GET', url: '/media/demo/videos/youtube-01.webm' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({
      method: 'GET',
      url: '/media/demo/videos/youtube-01.webm',
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/ads/ad-01.svg' })).headers['content-type']).toMatch(
      /image\/svg\+xml/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/media/../package.json' })).statusCode).toBe(404);
  });
});
