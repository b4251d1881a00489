import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodeBase32, hotp, totpStep } from '../../../server/src/modules/auth/totp.ts';
import { enrolStaffByServer } from '../../../server/src/modules/staff/staff-enrolment.service.ts';
import type { ApiHelpers } from './api.ts';
import { expectRefusal, loginThroughForm } from './browser.ts';
import type { TestServer } from './server.ts';

/**
 * Staff sign in with a password and an authenticator code (docs/decisions/015-staff-roles-and-totp.md). The server
 * accepts each 30-second step once (no replay) and one step of drift ahead, so the flows take their codes from here:
 * the current step, else the next one, else they wait for the next step to begin.
 */
const lastStepBySecret = new Map<string, bigint>();

export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = new Date();
    const step = totpStep(now);
    const last = lastStepBySecret.get(secret) ?? -1n;
    for (const candidate of [step, step + 1n]) {
      if (candidate > last) {
        lastStepBySecret.set(secret, candidate);
        return hotp(decodeBase32(secret), candidate);
      }
    }
    const nextStepAt = Number(step + 1n) * 30_000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - now.getTime() + 200));
  }
}

export interface EnrolledStaff {
  /** A session from the password sign-in before enrolment; it keeps working afterwards. */
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** Signs in with the password (no second factor yet), turns two-factor sign-in on through the API, keeps the session. */
export async function enrolStaff(api: ApiHelpers, username: string, password: string): Promise<EnrolledStaff> {
  const token = await api.login(username, password);
  const setup = await api.call<{ secret: string }>('totpsetup', { token, method: 'POST', payload: {} });
  expect(setup.resultcode, setup.msg).toBe(true);
  const confirmed = await api.call<{ recovery_codes: string[] }>('totpconfirm', {
    token,
    method: 'POST',
    payload: { code: await freshTotpCode(setup.data.secret) },
  });
  expect(confirmed.resultcode, confirmed.msg).toBe(true);
  return { token, secret: setup.data.secret, recoveryCodes: confirmed.data.recovery_codes };
}

/** The API sign-in of an enrolled staff member: password and a fresh code in one call. */
export async function loginStaff(
  api: ApiHelpers,
  input: { username: string; password: string; secret: string },
): Promise<string> {
  const envelope = await api.call<{ access_token: string }>('login', {
    method: 'POST',
    payload: { username: input.username, password: input.password, totp: await freshTotpCode(input.secret) },
  });
  expect(envelope.resultcode, envelope.msg).toBe(true);
  return envelope.data.access_token;
}

/** The login form's two steps: password, then (after TOTP_REQUIRED) the authenticator code. */
export async function loginStaffThroughForm(
  page: Page,
  input: { username: string; password: string; secret: string },
): Promise<void> {
  // The password step answers 400 TOTP_REQUIRED by design (docs/decisions/015-staff-roles-and-totp.md).
  expectRefusal(page, { action: 'login', status: 400 });
  await loginThroughForm(page, input.username, input.password);
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  await code.fill(await freshTotpCode(input.secret));
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs an enrolled staff member in through the form and waits until the console has opened. */
export async function signInStaff(page: Page, input: { username: string; password: string; secret: string }): Promise<void> {
  await page.goto('/login');
  await loginStaffThroughForm(page, input);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The token of a one-time enrolment link (`/staff-enrol?token=...`). */
export function enrolmentToken(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`Not an enrolment link: ${link}`);
  return token;
}

/**
 * A staff account made by whoever runs the server (`npm run staff:enrol`, decision 044: the only way a second operator
 * exists while there is one), which sets its own password with the printed link and enrols its authenticator.
 */
export async function addStaffOnServer(
  api: ApiHelpers,
  server: TestServer,
  staff: { username: string; password: string; email: string; role?: 'operator' | 'support' },
): Promise<EnrolledStaff> {
  const made = await enrolStaffByServer(server.app.deps, {
    username: staff.username,
    email: staff.email,
    role: staff.role ?? 'operator',
  });
  const set = await api.call('staffenrol', {
    method: 'POST',
    payload: { token: enrolmentToken(made.link), password: staff.password },
  });
  expect(set.resultcode, set.msg).toBe(true);
  return enrolStaff(api, staff.username, staff.password);
}

/**
 * A staff account asked for through the console by `requester` and approved by `approver` (decision 044); the
 * requester hands over the enrolment link, with which the new staff member sets their own password, then enrols.
 */
export async function addStaffThroughConsole(
  api: ApiHelpers,
  by: { requester: { token: string }; approver: { token: string } },
  staff: { username: string; password: string; email: string; role: 'operator' | 'support' },
): Promise<EnrolledStaff> {
  const asked = await api.call<{ approval_id: string }>('adminstaffcreate', {
    token: by.requester.token,
    method: 'POST',
    payload: { username: staff.username, email: staff.email, role: staff.role },
  });
  expect([asked.status, asked.msg]).toEqual([202, expect.stringMatching(/^Sent for approval/)]);
  const approved = await api.call('adminapproverequest', {
    token: by.approver.token,
    method: 'POST',
    payload: { id: asked.data.approval_id },
  });
  expect(approved.resultcode, approved.msg).toBe(true);
  const link = await api.call<{ link: string }>('adminstaffenrolment', {
    token: by.requester.token,
    method: 'POST',
    payload: { username: staff.username },
  });
  expect(link.resultcode, link.msg).toBe(true);
  const set = await api.call('staffenrol', {
    method: 'POST',
    payload: { token: enrolmentToken(link.data.link), password: staff.password },
  });
  expect(set.resultcode, set.msg).toBe(true);
  return enrolStaff(api, staff.username, staff.password);
}

/** Approves, as `approver`, every pending request someone else asked for (a flow's second operator). */
export async function approvePending(api: ApiHelpers, approver: { token: string }): Promise<number> {
  // The pending view is the default (oldest first).
  const list = await api.call<{ rows: Array<{ id: string; is_mine: boolean }> }>('adminapprovals', { token: approver.token });
  expect(list.resultcode, list.msg).toBe(true);
  let approved = 0;
  for (const row of list.data.rows.filter((r) => !r.is_mine)) {
    const done = await api.call('adminapproverequest', { token: approver.token, method: 'POST', payload: { id: row.id } });
    expect(done.resultcode, done.msg).toBe(true);
    approved += 1;
  }
  return approved;
}

/**
 * Two operators with two-factor sign-in on, for the four-eyes flows: A is the seeded admin; B is added by whoever
 * runs the server (decision 044: one operator cannot make a second through the console alone). Each is returned with
 * their username and password, ready for `signInStaff`.
 */
export async function enrolTwoOperators(
  api: ApiHelpers,
  server: TestServer,
  a: { username: string; password: string },
  b: { username: string; password: string; email: string },
): Promise<{ operatorA: EnrolledStaff & typeof a; operatorB: EnrolledStaff & typeof b }> {
  const enrolledA = await enrolStaff(api, a.username, a.password);
  const enrolledB = await addStaffOnServer(api, server, { ...b, role: 'operator' });
  return { operatorA: { ...enrolledA, ...a }, operatorB: { ...enrolledB, ...b } };
}

/** The recovery code format (docs/decisions/022-secret-keys.md): 16 base32 characters (80 bits) in four groups. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/;

/**
 * The login form's code step with a recovery code instead of an authenticator code, typed as a person copying it
 * from paper might: capitals and spaces where the hyphens were (the server ignores case, spaces and hyphens).
 */
export async function loginStaffWithRecoveryCodeThroughForm(
  page: Page,
  input: { username: string; password: string; recoveryCode: string },
): Promise<void> {
  expectRefusal(page, { action: 'login', status: 400 });
  await loginThroughForm(page, input.username, input.password);
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  await code.fill(input.recoveryCode.toUpperCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Login' }).click();
}
