import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { apiHelpers } from './support/api.ts';
import { DESKTOP, loginThroughForm, openPage, PHONE, screenshot, screenshotOnFailure, type OpenPage } from './support/browser.ts';
import { useE2EContext } from './support/context.ts';
import { DEMO_MEMBER } from './support/server.ts';

/**
 * Trivia: a member plays a round to its result (three right answers paid into Jumbo), then another member's round
 * with a few seconds left turns the countdown red and submits itself at 0. Education: a forex lesson is enrolled in
 * and marked done, and the live charts view, offline, says so and offers a retry while the lessons keep working.
 */
const e2e = useE2EContext();
const api = apiHelpers(() => e2e.server.baseUrl);
const opened: OpenPage[] = [];
afterAll(async () => {
  for (const { context } of opened) await context.close().catch(() => undefined);
});

async function open(viewport: { width: number; height: number }, name: string): Promise<OpenPage> {
  const next = await openPage(e2e.browser, e2e.server.baseUrl, viewport);
  opened.push(next);
  screenshotOnFailure(() => next.page, name);
  return next;
}

/** An active member activated days ago (password as the demo member's), made with SQL as other flows do. */
async function seedMember(username: string, phone: string): Promise<void> {
  await e2e.server.app.deps.pool.query(
    `INSERT INTO members (username, email, phone, password_hash, country_id, status, activated_at)
     SELECT $2, $2 || '@example.com', $3, s.password_hash, s.country_id, 'active', now() - interval '3 days'
     FROM members s WHERE s.username = $1`,
    [DEMO_MEMBER.username, username, phone],
  );
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await loginThroughForm(page, username, DEMO_MEMBER.password);
  await page.getByTestId('welcome-username').waitFor();
}

/** The right option text of the questions served to the member today (read for the flow, in served order). */
async function servedAnswers(username: string): Promise<{ qid: string; right: string }[]> {
  const { rows } = await e2e.server.app.deps.pool.query<{ qid: string; right: string }>(
    `SELECT q.id::text AS qid, q.options[q.correct] AS right
     FROM trivia_rounds r JOIN members m ON m.id = r.member_id, unnest(r.question_ids) WITH ORDINALITY AS s(id, n)
     JOIN trivia_questions q ON q.id = s.id
     WHERE m.username = $1 ORDER BY r.started_at DESC, s.n`,
    [username],
  );
  return rows;
}

test('trivia: intro, start, answer, submit, the result, back to the intro; Jumbo is paid', async () => {
  const username = 'trivia_e2e_player';
  await seedMember(username, '+254711888001');
  const token = await api.login(username, DEMO_MEMBER.password);
  const jumboBefore = await api.walletMinor(token, 'balance');
  const { page, pageErrors } = await open(PHONE, 'trivia-round');
  await signIn(page, username);
  await page.goto('/trivia');

  const intro = page.getByTestId('trivia-intro');
  await intro.waitFor();
  const currency = (await api.call<{ userdetails: { ccurrency: string } }>('userdata', { token })).data.userdetails.ccurrency;
  const info = (await api.call<{ price: string }>('triviainfo', { token })).data;
  expect(await page.getByTestId('trivia-price').textContent()).toBe(`${currency} ${info.price}`);
  await screenshot(page, 'trivia-intro');

  await page.getByRole('button', { name: 'Start Trivia' }).click();
  await page.getByTestId('trivia-quiz').waitFor();
  expect(await page.getByTestId('trivia-question').count()).toBe(10);
  expect(await page.getByTestId('trivia-countdown').getAttribute('data-red')).toBe('false');

  const served = await servedAnswers(username);
  expect(served).toHaveLength(10);
  for (const [index, question] of served.slice(0, 3).entries()) {
    const radios = page.getByTestId('trivia-question').nth(index).locator('input[type="radio"]');
    const values = await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await radios.nth(values.indexOf(question.right)).check();
  }
  await screenshot(page, 'trivia-questions');
  await page.getByRole('button', { name: 'Submit' }).click();

  const result = page.getByTestId('trivia-result');
  await result.waitFor();
  expect(await page.getByTestId('trivia-score').textContent()).toBe('3 / 10');
  await result.getByText(/You got 3 of 10 right and earned/).waitFor();
  await screenshot(page, 'trivia-result');
  const paid = (await api.walletMinor(token, 'balance')) - jumboBefore;
  expect(paid).toBe(600n);

  await page.getByRole('button', { name: 'Back to Trivia' }).click();
  await page.getByTestId('trivia-played').getByText('3 of 10 right').waitFor();
  expect(await page.getByRole('button', { name: 'Start Trivia' }).isDisabled()).toBe(true);
  expect(pageErrors).toEqual([]);
});

test('trivia: the countdown turns red and submits once by itself at 0', async () => {
  const username = 'trivia_e2e_late';
  await seedMember(username, '+254711888002');
  const token = await api.login(username, DEMO_MEMBER.password);
  // The round started 52 seconds ago: 8 seconds are left when the page resumes it.
  expect((await api.call('populatetrivia', { token })).resultcode).toBe(true);
  await e2e.server.app.deps.pool.query(
    `UPDATE trivia_rounds SET started_at = now() - interval '52 seconds' WHERE member_id = (SELECT id FROM members WHERE username = $1)`,
    [username],
  );
  const { page, pageErrors } = await open(DESKTOP, 'trivia-auto-submit');
  await signIn(page, username);
  await page.goto('/trivia');
  await page.getByText(/Your round has started: \d+ seconds left/).waitFor();
  await page.getByRole('button', { name: 'Start Trivia' }).click();
  await page.getByTestId('trivia-quiz').waitFor();
  await page.locator('[data-testid="trivia-countdown"][data-red="true"]').waitFor();
  await screenshot(page, 'trivia-countdown-red');
  await page.getByTestId('trivia-result').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('trivia-score').textContent()).toBe('0 / 10');
  const rounds = await e2e.server.app.deps.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM trivia_rounds r JOIN members m ON m.id = r.member_id WHERE m.username = $1 AND r.submitted_at IS NOT NULL`,
    [username],
  );
  expect(rounds.rows[0]?.n).toBe(1);
  expect(pageErrors).toEqual([]);
});

test('forex: enroll, mark a lesson done; the charts view offline says so and offers a retry; crypto lists 13 lessons', async () => {
  const username = 'lessons_e2e_member';
  await seedMember(username, '+254711888003');
  const { page, context, pageErrors } = await open(DESKTOP, 'forex-lessons');
  await signIn(page, username);
  await page.goto('/forex');

  const course = page.getByTestId('course-forex');
  await course.waitFor();
  await page.getByTestId('lesson').first().waitFor();
  expect(await page.getByTestId('lesson').count()).toBe(9);
  await page.getByRole('button', { name: 'Enroll' }).click();
  await page.getByTestId('course-progress').getByText('Enrolled: 0 of 9 lessons done').waitFor();
  const first = page.getByTestId('lesson').first();
  await first.getByText('What is forex?').waitFor();
  await first.getByRole('button', { name: 'Mark done' }).click();
  await page.getByTestId('course-progress').getByText('Enrolled: 1 of 9 lessons done').waitFor();
  expect(await first.getAttribute('data-done')).toBe('true');
  await screenshot(page, 'forex-lessons');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Live charts' }).click();
  const offline = page.getByTestId('charts-offline');
  await offline.getByText('Live charts are unavailable: they need an internet connection.').waitFor();
  expect(await page.locator('iframe').count()).toBe(0);
  await screenshot(page, 'forex-charts-offline');
  await offline.getByRole('button', { name: 'Retry' }).click();
  await page.getByTestId('charts-offline').waitFor();
  await page.getByRole('button', { name: 'Lessons' }).click();
  await page.getByTestId('lesson').first().getByText('What is forex?').waitFor();
  await context.setOffline(false);

  await page.goto('/crypto');
  await page.getByTestId('course-crypto').waitFor();
  await page.getByTestId('lesson').first().waitFor();
  expect(await page.getByTestId('lesson').count()).toBe(13);
  expect(pageErrors).toEqual([]);
});
