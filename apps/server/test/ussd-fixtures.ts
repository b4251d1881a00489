import { expect } from 'vitest';
import { hashPassword } from '../src/modules/auth/index.ts';
import { callAction, type TestApp } from './harness.ts';
import type { TestMember } from './money-fixtures.ts';

/**
 * USSD test helpers (decision 056): one hop as Africa's Talking posts it, every answer checked for the protocol
 * (plain text, `CON ` or `END `) and the 160-character screen limit with at most 6 numbered options.
 */
export const PASSWORD = 'ussd-pass-123';

export async function phoneOf(t: TestApp, m: TestMember): Promise<string> {
  return (await t.sql<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [m.id.toString()]))[0]!.phone;
}

export interface Hop {
  end: boolean;
  body: string;
}

let sessions = 0;
/** A new USSD session for a phone: `dial(text)` posts one hop with the whole input so far; `dial.sessionId`. */
export function session(t: TestApp, phone: string, secret?: string) {
  sessions += 1;
  const sessionId = `ATUid_test_${sessions}_${Date.now()}`;
  return Object.assign(hopper(t, { phone, sessionId, secret }), { sessionId });
}

function hopper(t: TestApp, { phone, sessionId, secret }: { phone: string; sessionId: string; secret?: string | undefined }) {
  return async (text: string): Promise<Hop> => {
    const form = new URLSearchParams({ sessionId, serviceCode: '*384*123#', phoneNumber: phone, networkCode: '63902', text });
    const response = await t.app.inject({
      method: 'POST',
      url: `/hooks/ussd/${secret ?? t.app.deps.payments.smsDeliverySecret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const match = /^(CON|END) ([\s\S]*)$/.exec(response.body);
    expect(match, response.body).not.toBeNull();
    const body = match![2]!;
    expect(body.length, body).toBeLessThanOrEqual(160);
    expect(body.split('\n').filter((line) => /^[1-9] /.test(line)).length).toBeLessThanOrEqual(6);
    expect(body).toMatch(/^[\x20-\x7e\n]*$/);
    return { end: match![1] === 'END', body };
  };
}

/**
 * Africa's Talking's end-of-session notification for a session, as it posts it (with the input and the last
 * screen, which hold the PIN); the HTTP status of the answer.
 */
export async function endSession(t: TestApp, fields: Record<string, string>, secret?: string): Promise<number> {
  const form = new URLSearchParams({
    serviceCode: '*384*123#',
    networkCode: '63902',
    cost: 'KES 0.0000',
    date: '2026-11-28 20:00:00.000',
    ...fields,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/hooks/ussd-end/${secret ?? t.app.deps.payments.smsDeliverySecret}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  return response.statusCode;
}

/** A phone change applied just now (by an operator) to `phone`: its hold stops withdrawals (decision 045). */
export async function changedPhoneNow(t: TestApp, m: TestMember, phone: string): Promise<void> {
  await t.sql(
    `INSERT INTO phone_changes (member_id, old_phone, new_phone, source, created_at, applied_at)
     VALUES ($1, '+254700000001', $2, 'operator', $3, $3)`,
    [m.id.toString(), phone, t.app.deps.clock.now()],
  );
}

/** A member with a real password and, when asked, a USSD PIN set through the web action. */
export async function withPassword(t: TestApp, m: TestMember, pin?: string): Promise<void> {
  await t.sql('UPDATE members SET password_hash = $2 WHERE id = $1', [m.id.toString(), await hashPassword(PASSWORD)]);
  if (!pin) return;
  const answer = await callAction(t.app, 'setussdpin', {
    method: 'POST',
    token: m.token,
    payload: { pin, pin_confirmation: pin, password: PASSWORD },
  });
  expect(answer.resultcode, JSON.stringify(answer)).toBe(true);
}
