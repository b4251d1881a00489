import { beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { seedDemoContent } from '../src/modules/videos/demo-content.ts';
import { callAction } from './harness.ts';
import { createMember, wallets, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

// 2026-11-29 is a Sunday and 2026-11-30 a Monday (ads run), 2026-12-01 a Tuesday (they do not).
const SUNDAY = new Date('2026-11-29T09:00:00Z');
const clock = new SettableClock(SUNDAY);

const { t, c } = useCountriesApp({}, { clock });
beforeAll(async () => {
  await seedDemoContent(t.app.deps);
});

/** An active member whose session outlives the test clock (createMember's session lasts ten years). */
const member = (countryId = c.kes) => createMember(t, { countryId, status: 'active' });
const populate = (m: TestMember) => callAction(t.app, 'populateads', { token: m.token });
const respond = (m: TestMember, payload: unknown) => callAction(t.app, 'payAds', { method: 'POST', token: m.token, payload });
const data = (text: string) => JSON.parse(text) as { liked: boolean; message: string };

describe('populateads', () => {
  it('shows the same 5 ads to everyone with no response yet', async () => {
    clock.set(SUNDAY);
    const [a, b] = [await member(), await member()];
    const ads = await populate(a);
    expect(ads.status).toBe(200);
    expect(ads.data).toHaveLength(5);
    expect(ads.data[0]).toMatchObject({
      No: 1,
      v_url: expect.stringMatching(/^\/media\/demo\/ads\/ad-\d\d\.svg$/),
      v_status: { res: false, paid: '0.00' },
    });
    expect(data(ads.data[0].v_status.data)).toEqual({ liked: false, message: '' });
    expect((await populate(b)).data).toEqual(ads.data);
  });

  it('is empty on a day without ads, naming the next day; open on the activation day', async () => {
    clock.set(new Date('2026-12-01T09:00:00Z'));
    const m = await member();
    expect(await populate(m)).toMatchObject({
      status: 200,
      data: [],
      msg: 'Ads are available on Sunday and Monday. Come back on Sunday.',
    });
    const ad = await t.sql<{ id: string }>('SELECT id::text AS id FROM ads LIMIT 1');
    expect(await respond(m, { addId: ad[0]!.id, liked: true, message: '' })).toMatchObject({
      status: 422,
      msg: 'Ads are available on Sunday and Monday. Come back on Sunday.',
    });
    await t.sql('UPDATE members SET activated_at = $1 WHERE id = $2', [new Date('2026-12-01T05:00:00Z'), m.id.toString()]);
    expect((await populate(m)).data).toHaveLength(5);
  });
});

describe('payAds', () => {
  it('pays a like once a day; an unlike pays nothing; liking again pays nothing', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const ad = (await populate(m)).data[0];
    const liked = await respond(m, { addId: ad.v_id, liked: true, message: '' });
    expect(liked).toMatchObject({
      status: 200,
      msg: 'Liked ad',
      data: { action: 'like', amount: '2.00', v_status: { res: true, paid: '2.00' } },
    });
    expect(data(liked.data.v_status.data)).toEqual({ liked: true, message: '' });
    expect((await wallets(t, m.id)).ads).toBe(200n);
    const unliked = await respond(m, { addId: Number(ad.v_id), liked: false, message: '' });
    expect(unliked).toMatchObject({
      status: 200,
      msg: 'Unliked ad',
      data: { action: 'unlike', amount: '0.00', v_status: { res: true, paid: '2.00' } },
    });
    expect(data(unliked.data.v_status.data).liked).toBe(false);
    expect(await respond(m, { addId: ad.v_id, liked: true, message: '' })).toMatchObject({
      status: 200,
      msg: 'Liked ad',
      data: { amount: '0.00' },
    });
    expect((await wallets(t, m.id)).ads).toBe(200n);
    expect((await populate(m)).data[0].v_status).toMatchObject({ res: true, paid: '2.00' });
  });

  it('stores a comment once and pays the comment price once; a blank comment is refused', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const ad = (await populate(m)).data[1];
    expect(await respond(m, { addId: ad.v_id, liked: false, message: '   ' })).toMatchObject({
      status: 400,
      msg: 'Please enter a comment',
    });
    const commented = await respond(m, { addId: ad.v_id, liked: false, message: '  Great lamps! ' });
    expect(commented).toMatchObject({
      status: 200,
      msg: 'Comment submitted',
      data: { action: 'comment', amount: '3.00', v_status: { res: true, paid: '3.00' } },
    });
    expect(data(commented.data.v_status.data)).toEqual({ liked: false, message: 'Great lamps!' });
    expect(await respond(m, { addId: ad.v_id, liked: false, message: 'Again' })).toMatchObject({
      status: 409,
      msg: 'You already commented on this ad today',
    });
    expect((await wallets(t, m.id)).ads).toBe(300n);
    // A like on the same ad is its own payment.
    expect((await respond(m, { addId: ad.v_id, liked: true, message: '' })).data.amount).toBe('2.00');
    expect((await populate(m)).data[1].v_status.paid).toBe('5.00');
  });

  it('pays in the system currency and shows it in the member’s', async () => {
    clock.set(SUNDAY);
    const m = await member(c.ugx);
    const ad = (await populate(m)).data[2];
    expect(await respond(m, { addId: ad.v_id, liked: true, message: '' })).toMatchObject({
      status: 200,
      data: { amount: '57.00', currency: 'UGX' },
    });
    expect((await wallets(t, m.id)).ads).toBe(200n);
  });

  it('refuses an ad not on show, bad input, and pays once for 20 concurrent likes and comments', async () => {
    clock.set(SUNDAY);
    const m = await member();
    const shown = (await populate(m)).data.map((a: { v_id: string }) => a.v_id);
    const hidden = await t.sql<{ id: string }>('SELECT id::text AS id FROM ads WHERE NOT (id = ANY($1::bigint[])) LIMIT 1', [
      shown,
    ]);
    expect(await respond(m, { addId: hidden[0]!.id, liked: true, message: '' })).toMatchObject({
      status: 404,
      msg: 'This ad is not on show today',
    });
    expect((await respond(m, { addId: 'x', liked: true, message: '' })).status).toBe(400);
    expect((await respond(m, { addId: shown[0], liked: 'yes', message: '' })).status).toBe(400);
    expect((await respond(m, { addId: shown[0], liked: false, message: 'x'.repeat(501) })).status).toBe(400);
    const likes = await Promise.all(Array.from({ length: 20 }, () => respond(m, { addId: shown[3], liked: true, message: '' })));
    expect(likes.every((r) => r.status === 200)).toBe(true);
    expect(likes.filter((r) => r.data.amount === '2.00')).toHaveLength(1);
    const comments = await Promise.all(
      Array.from({ length: 20 }, (_, i) => respond(m, { addId: shown[4], liked: false, message: `Nice ${i}` })),
    );
    expect(comments.filter((r) => r.status === 200)).toHaveLength(1);
    expect(comments.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await wallets(t, m.id)).ads).toBe(500n);
  });

  it('uses the operator’s prices and refuses inactive members', async () => {
    clock.set(new Date('2026-11-30T09:00:00Z'));
    await t.sql(
      `INSERT INTO settings (key, value) VALUES ('ad_like_price', '"4.50"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const m = await member();
    const ad = (await populate(m)).data[0];
    expect((await respond(m, { addId: ad.v_id, liked: true, message: '' })).data.amount).toBe('4.50');
    const inactive = await createMember(t, { countryId: c.kes });
    await t.sql(`UPDATE sessions SET expires_at = '2030-01-01' WHERE member_id = $1`, [inactive.id.toString()]);
    expect((await populate(inactive)).status).toBe(403);
  });
});
