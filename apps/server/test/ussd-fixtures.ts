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
/** A new USSD session for a phone: `dial(text)` posts one hop with the whole input so far. */
export function session(t: TestApp, phone: string, secret?: string) {
  sessions += 1;
  const sessionId = `ATUid_test_${sessions}_${Date.now()}`;
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
