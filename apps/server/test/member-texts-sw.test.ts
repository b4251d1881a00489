import { NotificationSchema } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from './before-all.ts';
import { callAction, type CallOptions } from './harness.ts';
import { useDepositTestApp, waitFor } from './deposits-fixtures.ts';
import { createMember, ensureTestCountries, fund, wallets, type TestMember } from './money-fixtures.ts';

/**
 * The server's member texts in Swahili (docs/decisions/039-server-texts-in-swahili.md), through the real app, the
 * embedded PostgreSQL and the provider simulator: the envelope's `msg` follows `Accept-Language`, the same refusal
 * keeps its status and code, English is the spec's text byte for byte, and stored notifications read in the member's
 * language while they stay stored in English. The operator console and an operator's own words stay as written.
 */

const c = useDepositTestApp();
const countries = madeBeforeAll(() => ensureTestCountries(c.t));
const operator = madeBeforeAll(() => createMember(c.t, { countryId: countries.kes, status: 'active', role: 'operator' }));

const SW = { 'accept-language': 'sw' };

const call = (action: string, member: { token: string }, options: CallOptions = {}) =>
  callAction(c.t.app, action, { token: member.token, ...options });

async function richMember(language: 'en' | 'sw' = 'en'): Promise<TestMember> {
  const m = await createMember(c.t, { countryId: countries.kes, status: 'active' });
  await fund(c.t, m.id, 100_000n, 'balance');
  await c.t.sql(`UPDATE members SET language = $2 WHERE id = $1`, [m.id.toString(), language]);
  return m;
}

const withdraw = (m: TestMember, amount: string, headers: Record<string, string> = {}) =>
  call('systemwithdrawal', m, { method: 'POST', payload: { acc: '1', amount }, headers });

describe('the envelope msg in the caller’s language', () => {
  it('refuses a withdrawal below the minimum in Swahili with the same status and code, in English without a header', async () => {
    const m = await richMember('sw');
    const english = await withdraw(m, '199.99');
    expect(english).toMatchObject({ httpStatus: 422, status: 422, code: 'LIMIT_NOT_MET' });
    expect(english.msg).toBe('Minimum withdrawal amount is KES 200.00');
    const swahili = await withdraw(m, '199.99', SW);
    expect(swahili).toMatchObject({ httpStatus: 422, status: 422, code: 'LIMIT_NOT_MET' });
    expect(swahili.msg).toBe('Kiasi cha chini cha kutoa pesa ni KES 200.00');
    expect((await wallets(c.t, m.id)).balance).toBe(100_000n);
  });

  it('gives a contract’s validation message in Swahili (400) and English for any other language', async () => {
    const m = await richMember();
    const swahili = await withdraw(m, 'abc', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
    expect(swahili).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
    expect(swahili.msg).toBe('Tafadhali weka kiasi sahihi (tarakimu tu, zisizozidi nafasi 2 za desimali)');
    for (const header of ['en', 'fr', '*', 'en-GB,sw;q=0.5']) {
      const res = await withdraw(m, 'abc', { 'accept-language': header });
      expect(res).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
      expect(res.msg).toBe('Please enter a valid amount (digits with at most 2 decimals)');
    }
  });

  it('answers a withdrawal over the balance and an accepted one in Swahili', async () => {
    const m = await richMember();
    const refused = await withdraw(m, '990', SW);
    expect(refused).toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' });
    expect(refused.msg).toBe('Kiasi kinazidi salio lililopo; kumbuka ada ya kutoa pesa');
    const accepted = await withdraw(m, '500', SW);
    expect(accepted.status).toBe(200);
    expect(accepted.msg).toBe('Ombi lako la kutoa pesa limepokelewa. Litashughulikiwa hivi karibuni.');
  });

  it('keeps the operator console in English whatever the header says', async () => {
    const res = await call('updatetrans', operator, { method: 'POST', payload: { tid: '999999999', value: 2 }, headers: SW });
    expect(res).toMatchObject({ status: 404, msg: 'Withdrawal not found' });
    const signedOut = await callAction(c.t.app, 'userdata', { headers: SW });
    expect(signedOut).toMatchObject({ status: 401, msg: 'Tafadhali ingia ili kuendelea' });
  });
});

describe('notifications in the member’s language', () => {
  it('reads a deposit credited notification in Swahili for a Swahili member, stored in English', async () => {
    const m = await c.member('KE');
    await c.t.sql(`UPDATE members SET language = 'sw' WHERE id = $1`, [m.id.toString()]);
    await c.call('stkpush', m, { method: 'POST', payload: { phone: '0712345678', amount: 500 } });
    await waitFor(async () => (await c.deposits(m))[0]?.status === 2);

    // The dashboard's poll carries it as a toast: no header, so the member's own language.
    const polled = await callAction(c.t.app, 'userdata', { token: m.token });
    expect(polled.info.map((item) => NotificationSchema.parse(item).msg)).toEqual(['Amana yako ya KES 500.00 imepokelewa.']);
    // The notifications page, in Swahili; and in English when the app shows English.
    const page = await call('notifications', m, { headers: SW });
    expect(page.data.items.map((item: { msg: string }) => item.msg)).toEqual(['Amana yako ya KES 500.00 imepokelewa.']);
    const english = await call('notifications', m, { headers: { 'accept-language': 'en' } });
    expect(english.data.items.map((item: { msg: string }) => item.msg)).toEqual([
      'Your deposit of KES 500.00 has been received.',
    ]);
    const stored = await c.t.sql<{ msg: string }>(`SELECT msg FROM member_notifications WHERE member_id = $1`, [m.id.toString()]);
    expect(stored).toEqual([{ msg: 'Your deposit of KES 500.00 has been received.' }]);
  });

  it('shows an operator’s own words as written', async () => {
    const m = await richMember('sw');
    const sent = await call('adminnotify', operator, {
      method: 'POST',
      payload: { username: m.username, msg: 'Karibu! Meeting on Friday.', severity: 'info' },
      headers: SW,
    });
    expect(sent).toMatchObject({ status: 200, msg: 'Notification sent' });
    expect((await call('notifications', m, { headers: SW })).data.items[0].msg).toBe('Karibu! Meeting on Friday.');
  });

  it('words a declined withdrawal’s refund with the Swahili wallet names', async () => {
    const m = await richMember('sw');
    const accepted = await withdraw(m, '500');
    const decided = await call('updatetrans', operator, { method: 'POST', payload: { tid: accepted.data.id, value: 1 } });
    expect(decided.status).toBe(200);
    const items = (await call('notifications', m)).data.items as Array<{ msg: string }>;
    expect(items[0]!.msg).toMatch(
      /^Utoaji wako wa pesa wa KES 500\.00 umekataliwa\. KES \d+\.\d{2}( \(kiasi na ada\))? zimerudishwa kwenye pochi yako ya Jumbo\.$/,
    );
  });
});
