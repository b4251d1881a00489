import { UserDataSchema } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { loginOk, registerOk, signupPayload } from './auth-helpers.ts';
import { callAction } from './harness.ts';
import { useTestApp } from './before-all.ts';

/** The member's language (decision 038): chosen at sign-up, shown by `userdata`, changed with `setlanguage`. */
const t = useTestApp();

async function languageOf(token: string): Promise<string> {
  const res = await callAction(t.app, 'userdata', { token });
  return UserDataSchema.parse(res.data).userdetails.language;
}

describe('the member’s language', () => {
  it('is English when signup sends none, Swahili when signup chose it', async () => {
    const plain = await registerOk(t);
    expect(await languageOf(await loginOk(t, plain.username))).toBe('en');
    const swahili = await registerOk(t, { language: 'sw' });
    const token = await loginOk(t, swahili.username);
    expect(await languageOf(token)).toBe('sw');
    expect(await callAction(t.app, 'smssettings', { token })).toMatchObject({ data: { language: 'sw' } });
  });

  it('refuses a signup with a language the app does not have, with 400', async () => {
    const res = await callAction(t.app, 'register', { payload: signupPayload({ language: 'fr' }) });
    expect(res).toMatchObject({ status: 400, resultcode: false, msg: "language must be 'en' or 'sw'" });
  });

  it('setlanguage changes it for userdata and SMS; bad input is a 400 and changes nothing', async () => {
    const member = await registerOk(t);
    const token = await loginOk(t, member.username);
    const set = await callAction(t.app, 'setlanguage', { method: 'POST', token, payload: { language: 'sw' } });
    expect(set).toMatchObject({ status: 200, resultcode: true, data: { language: 'sw' } });
    expect(await languageOf(token)).toBe('sw');
    for (const payload of [{}, { language: 'SW' }, { language: 'fr' }, { language: 1 }]) {
      expect(await callAction(t.app, 'setlanguage', { method: 'POST', token, payload })).toMatchObject({
        status: 400,
        resultcode: false,
      });
    }
    expect(await languageOf(token)).toBe('sw');
    await callAction(t.app, 'setlanguage', { method: 'POST', token, payload: { language: 'en' } });
    expect(await languageOf(token)).toBe('en');
    expect(await callAction(t.app, 'setlanguage', { method: 'POST', payload: { language: 'sw' } })).toMatchObject({
      status: 401,
    });
  });
});
