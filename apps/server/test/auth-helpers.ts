import { expect } from 'vitest';
import { callAction, type TestApp } from './harness.ts';

let counter = 0;

/** A unique valid sign-up payload (Kenyan phone by default); override any field. */
export function signupPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}`.padStart(6, '0');
  return {
    username: `user_${suffix}`,
    email: `user_${suffix}@example.com`,
    phone: `+2547${suffix.slice(-6)}${String(counter % 100).padStart(2, '0')}`,
    password: 'secret123',
    repassword: 'secret123',
    // Kenya: the first country the start-up seed creates, so its id is 1 in every test database.
    country: '1',
    ...overrides,
  };
}

export async function registerOk(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await callAction(t.app, 'register', { payload });
  expect(res.msg).toBe('Registration successful!');
  expect(res.status).toBe(200);
  return payload;
}

export async function loginOk(t: TestApp, username: string, password = 'secret123'): Promise<string> {
  const res = await callAction(t.app, 'login', { payload: { username, password } });
  expect(res.msg).toBe('Login successful');
  return res.data.access_token as string;
}

export async function memberRow(t: TestApp, username: string) {
  const rows = await t.sql<{
    id: string;
    l1_id: string | null;
    l2_id: string | null;
    l3_id: string | null;
    phone: string;
    status: string;
    country_id: number;
    signup_bonus_minor: string;
    password_hash: string;
  }>(
    'SELECT id, l1_id, l2_id, l3_id, phone, status, country_id, signup_bonus_minor, password_hash FROM members WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0];
}
