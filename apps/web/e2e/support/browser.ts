import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { RESULTS_DIR } from './paths.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--headless',
];

export async function chromiumPath(): Promise<string> {
  if (fs.existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: BROWSER_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors; a flow asserts there are none (and the guard below fails the test on any). */
  pageErrors: Error[];
}

/** What one context saw that a flow did not expect; checked after each test by `assertNoUnexpectedPageErrors`. */
interface PageGuard {
  name: string;
  problems: string[];
  refusals: Array<{ action: string; status: number }>;
  consoleErrors: RegExp[];
}

let guards: PageGuard[] = [];
const guardOfContext = new WeakMap<BrowserContext, PageGuard>();

function guardOf(page: Page): PageGuard {
  const guard = guardOfContext.get(page.context());
  if (!guard) throw new Error('This page was not opened with openPage');
  return guard;
}

/**
 * Declares that the flow makes the server refuse `action` with `status` on purpose (a wrong password, the staff
 * password step answering TOTP_REQUIRED, a spent link): Chromium logs each 4xx answer as a console error ("Failed to
 * load resource: the server responded with a status of 400"). Only that line, for that action and status, is excused.
 */
export function expectRefusal(page: Page, refusal: { action: string; status: number }): void {
  guardOf(page).refusals.push(refusal);
}

/** Declares one console error the flow provokes on purpose, by its text; say why where it is called. */
export function expectConsoleError(page: Page, text: RegExp): void {
  guardOf(page).consoleErrors.push(text);
}

const REFUSAL_LINE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

function isDeclared(message: ConsoleMessage, guard: PageGuard): boolean {
  if (guard.consoleErrors.some((text) => text.test(message.text()))) return true;
  const status = REFUSAL_LINE.exec(message.text())?.[1];
  if (!status) return false;
  const url = new URL(message.location().url || 'about:blank');
  return guard.refusals.some(
    (refusal) =>
      String(refusal.status) === status && url.pathname === '/api' && url.searchParams.get('action') === refusal.action,
  );
}

/** Records every uncaught error and every `console.error` of the pages of `context` (popups included). */
function guardContext(context: BrowserContext, name: string): void {
  const guard: PageGuard = { name, problems: [], refusals: [], consoleErrors: [] };
  context.on('page', (page) => {
    page.on('pageerror', (error) => guard.problems.push(`uncaught ${error.name}: ${error.message} (${page.url()})`));
    page.on('console', (message) => {
      if (message.type() !== 'error' || isDeclared(message, guard)) return;
      const where = message.location().url;
      guard.problems.push(`console.error: ${message.text()}${where ? ` (${where})` : ''} on ${page.url()}`);
    });
  });
  guardOfContext.set(context, guard);
  guards.push(guard);
}

/**
 * Fails the current test when any page it opened threw an uncaught error or logged a `console.error` it did not
 * declare (`expectRefusal`, `expectConsoleError`); an error printed and ignored is how a broken screen passes.
 * Called after each test by `useE2EContext`.
 */
export function assertNoUnexpectedPageErrors(): void {
  const problems = guards.flatMap((guard) => guard.problems.map((problem) => `[${guard.name}] ${problem}`));
  guards = [];
  if (problems.length > 0) throw new Error(`The pages logged ${problems.length} unexpected error(s):\n${problems.join('\n')}`);
}

/** A fresh context (own storage and cookies) with one page at `baseUrl`; clipboard allowed for the copy button. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<OpenPage> {
  const isPhone = viewport.width < 768;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: isPhone ? 2 : 1,
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'en-US',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  guardContext(context, `${viewport.width}x${viewport.height} #${guards.length + 1}`);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.png`);
  // Sticky header and sidebar render where they belong only when the page is at the top.
  await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Saves `<name>-failure.png` when the current test fails. */
export function screenshotOnFailure(getPage: () => Page | undefined, name: string): void {
  onTestFailed(async () => {
    const page = getPage();
    if (page && !page.isClosed()) await screenshot(page, `${name}-failure`).catch(() => undefined);
  });
}

/** Logs in through the form and waits for the signed-in area. */
export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs a member in through the form and waits until the signed-in area has opened. */
export async function signInMember(page: Page, member: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await loginThroughForm(page, member.username, member.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Waits until the service worker is active and controls the page (clientsClaim on its first install). */
export async function waitForServiceWorkerControl(target: Page): Promise<string> {
  return target.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller?.scriptURL ?? '';
  });
}
