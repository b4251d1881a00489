import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { RESULTS_DIR } from './paths.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--headless'];

async function chromiumPath(): Promise<string> {
  if (fs.existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors; a flow asserts there are none. */
  pageErrors: Error[];
}

/** A fresh context (own storage and cookies) with one page at `baseUrl`; clipboard allowed for the copy button. */
export async function openPage(browser: Browser, baseUrl: string, viewport: { width: number; height: number } = DESKTOP): Promise<OpenPage> {
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
