import { UserDataSchema } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { loginOk, registerOk } from './auth-helpers.ts';
import { callAction } from './harness.ts';
import { useTestApp } from './before-all.ts';

const t = useTestApp();

describe('userdata', () => {
  it('returns the details, balances and fee exactly per UserDataSchema', async () => {
    await registerOk(t, { username: 'sponsor_u', email: 'sponsor_u@example.com' });
    await registerOk(t, { username: 'Member_U', email: 'Member_U@Example.com', phone: '254799888777', upline: 'sponsor_u' });
    const token = await loginOk(t, 'member_u');
    const res = await callAction(t.app, 'userdata', { token });
    expect(res).toMatchObject({ status: 200, resultcode: true });
    const data = UserDataSchema.strict().parse(res.data);
    expect(UserDataSchema.shape.userdetails.strict().safeParse(res.data.userdetails).success).toBe(true);
    expect(data.userdetails).toMatchObject({
      uname: 'Member_U',
      email: 'Member_U@Example.com',
      phone: '+254799888777',
      country: 'Kenya',
      abrv: 'KE',
      account_status: false,
      activated_at: null,
      l1: 'sponsor_u',
      ccurrency: 'KES',
      grouplink: 'https://chat.whatsapp.com/tuzo-demo',
      customer_care: 'https://wa.me/254700000000',
      isadmin: false,
    });
    expect(new Date(data.userdetails.join).toISOString()).toBe(data.userdetails.join);
    expect(data.userdetails.lastupdate).not.toBeNull();
    // Kenya's withdrawal rules as seeded, in KES.
    expect(data.fee.min_with).toBe('200.00');
    expect(data.fee.tariff[0]).toEqual({ min_brackets: '200.00', max_brackets: '999.00', tariff: '30.00' });
    expect(data.fee.tariff).toHaveLength(4);
    // A new member: the promised bonus in profit, the whole activation fee still to pay, nothing in the wallets.
    expect(data.balances).toMatchObject({ profit: '100.00', actbal: '500.00', balance: '0.00', deposit: '0.00' });
  });

  it("shows no upline for a member under the house account, and amounts in the member's currency", async () => {
    const [uganda] = await t.sql<{ id: number }>("SELECT id FROM countries WHERE abbreviation = 'UG'");
    await registerOk(t, { username: 'ugandan_u', country: String(uganda?.id), phone: '+256712000111' });
    const token = await loginOk(t, 'ugandan_u');
    const data = UserDataSchema.parse((await callAction(t.app, 'userdata', { token })).data);
    expect(data.userdetails).toMatchObject({ l1: null, country: 'Uganda', abrv: 'UG', ccurrency: 'UGX', phone: '+256712000111' });
    expect(data.fee.min_with).toBe('7000.00');
    // Balances belong to the wallets module; here only that they are in UGX: about 3000 bonus, about 17000 fee
    // (a round trip through KES may move them by a few cents).
    expect(Math.abs(Number(data.balances.profit) - 3000)).toBeLessThan(1);
    expect(Math.abs(Number(data.balances.actbal) - 17000)).toBeLessThan(1);
  });

  it('reads the links from settings, reports active status and operators', async () => {
    await registerOk(t, { username: 'active_u' });
    await t.sql("UPDATE settings SET value = '\"https://chat.whatsapp.com/other\"' WHERE key = 'grouplink'");
    await t.sql("UPDATE members SET status = 'active', activated_at = now(), role = 'operator' WHERE username = 'active_u'");
    const token = await loginOk(t, 'active_u');
    const data = UserDataSchema.parse((await callAction(t.app, 'userdata', { token })).data);
    expect(data.userdetails).toMatchObject({ account_status: true, isadmin: true, grouplink: 'https://chat.whatsapp.com/other' });
    expect(data.userdetails.activated_at).not.toBeNull();
  });

  it('answers login with the same user data', async () => {
    await registerOk(t, { username: 'same_u' });
    const login = await callAction(t.app, 'login', { payload: { username: 'same_u', password: 'secret123' } });
    const userdata = await callAction(t.app, 'userdata', { token: login.data.access_token });
    expect(login.data.user_data).toEqual(userdata.data);
  });

  it('needs a session and only accepts GET', async () => {
    expect((await callAction(t.app, 'userdata')).status).toBe(401);
    await registerOk(t, { username: 'post_u' });
    const token = await loginOk(t, 'post_u');
    expect((await callAction(t.app, 'userdata', { token, method: 'POST', payload: {} })).status).toBe(405);
  });
});
