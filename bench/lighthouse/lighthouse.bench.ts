/**
 * Lighthouse bench (`npm run bench:lighthouse`). Starts the real app on a throw-away embedded PostgreSQL with the
 * demo team seeded and the built web app (apps/web/dist), then runs Lighthouse's default mobile audit in Chromium
 * on `/login` (signed out) and on `/dashboard` (signed in as demo_sponsor: the token is put in localStorage the way
 * the web app stores it, and Lighthouse is told not to clear storage). Prints the four category scores per page.
 * Scores vary from run to run with the machine's load, so each page is audited LIGHTHOUSE_RUNS times (default 3)
 * and the median of each category is printed, as Lighthouse's documentation advises.
 * CHROME_PATH picks the browser (default /usr/bin/chromium); LIGHTHOUSE_JSON=dir also writes the full reports.
 * Then prints the JavaScript /login downloads on the wire against its 100 KB budget (login-bytes.ts) and fails when it
 * is over; `--bytes-only` (npm run bench:login-bytes) measures only that, without Lighthouse.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../../apps/server/src/config.ts';
import { startBenchDatabase } from '../lib/database.ts';
import { measurePageScripts, reportLoginScripts } from './login-bytes.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const BYTES_ONLY = process.argv.includes('--bytes-only');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api?action=login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_sponsor', password: 'demo1234' }),
  });
  const envelope = (await response.json()) as { resultcode: boolean; msg: string; data?: { access_token?: string } };
  const token = envelope.data?.access_token;
  if (!envelope.resultcode || !token) throw new Error(`Demo sign-in failed: ${envelope.msg}`);
  return token;
}

/** Puts the session token where the web app looks for it (apps/web/src/lib/storage-keys.ts), from a page that loads none of the app's files. */
async function storeToken(chromePort: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(`localStorage.setItem('access_token', ${JSON.stringify(token)})`);
  // Storage is kept for the signed-in run, so empty the HTTP cache the /login run filled: both runs load cold.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Audits `url` RUNS times; `prepare` runs before each audit (the signed-in page stores its token again). */
async function auditMedian(
  url: string,
  chromePort: number,
  options: { keepStorage: boolean; name: string; prepare?: () => Promise<void> },
): Promise<Scores & { runs: string; scriptKB: number }> {
  const results: Array<Scores & { scriptKB: number }> = [];
  for (let run = 1; run <= RUNS; run += 1) {
    await options.prepare?.();
    results.push(await audit(url, chromePort, options.keepStorage, `${options.name}-${run}`));
  }
  const scores = Object.fromEntries(CATEGORIES.map((key) => [key, median(results.map((result) => result[key]))])) as Scores;
  const scriptKB = median(results.map((result) => result.scriptKB));
  return { ...scores, scriptKB, runs: results.map((result) => result.performance).join(' ') };
}

async function audit(
  url: string,
  chromePort: number,
  keepStorage: boolean,
  reportName: string,
  attempt = 1,
): Promise<Scores & { scriptKB: number }> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // A failed trace (NO_NAVSTART and the like) scores 0 without saying anything about the page: run it again.
  if (result.lhr.runtimeError && attempt < 3) return audit(url, chromePort, keepStorage, reportName, attempt + 1);
  const outDir = process.env.LIGHTHOUSE_JSON;
  if (outDir) {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${reportName}.json`), String(result.report));
  }
  const { categories, finalDisplayedUrl } = result.lhr;
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${finalDisplayedUrl} (signed-in page not reached?)`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)])) as Scores;
  // Lighthouse's own count of the page's script bytes on the wire (its resource summary), beside the scores.
  const summary = result.lhr.audits['resource-summary']?.details as {
    items?: Array<{ resourceType: string; transferSize: number }>;
  };
  const scriptBytes = summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return { ...scores, scriptKB: Math.round(scriptBytes / 102.4) / 10 };
}

/** Lighthouse's median scores for /login (signed out) and /dashboard (signed in as demo_sponsor). */
async function auditPages(baseUrl: string, chromePort: number): Promise<void> {
  const rows: Array<{ page: string; scriptKB: number } & Scores> = [];
  rows.push({ page: '/login', ...(await auditMedian(`${baseUrl}/login`, chromePort, { keepStorage: false, name: 'login' })) });
  const token = await signIn(baseUrl);
  const prepare = () => storeToken(chromePort, baseUrl, token);
  rows.push({
    page: '/dashboard',
    ...(await auditMedian(`${baseUrl}/dashboard`, chromePort, { keepStorage: true, name: 'dashboard', prepare })),
  });
  console.log(
    `Lighthouse (mobile, default throttling), median of ${RUNS} runs; runs = each run's performance score; ` +
      'scriptKB = script bytes on the wire (Lighthouse resource summary)',
  );
  console.table(rows);
}

/** The JavaScript a first visit of /login downloads, against its budget; false when over. */
async function checkLoginBytes(baseUrl: string, chromePort: number): Promise<boolean> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    return reportLoginScripts(await measurePageScripts(browser, `${baseUrl}/login`));
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const bench = await startBenchDatabase({ prefix: 'tuzo-lighthouse', database: 'tuzo' });
  const { database, dataDir } = bench;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST_DIR: webDistDir,
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ config, databaseUrl: database.url, logger: false });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  let isWithinBudget = false;
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    if (!BYTES_ONLY) await auditPages(baseUrl, chrome.port);
    isWithinBudget = await checkLoginBytes(baseUrl, chrome.port);
  } finally {
    chrome.kill();
    await app.close();
    await bench.remove();
  }
  // process.exitCode is not kept through Lighthouse's and Chromium's shutdown: exit explicitly.
  if (!isWithinBudget) process.exit(1);
}

const hardStop = setTimeout(() => {
  console.error('Lighthouse bench took over 5 minutes: stopping');
  process.exit(1);
}, 300_000);
hardStop.unref();

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
