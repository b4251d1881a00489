/**
 * What a phone downloads for `/login`: the JavaScript bytes on the wire (compressed, as the server sends them) of a
 * first visit with an empty cache, measured in Chromium (decision 058). The budget is 100 KB (issue 26). Only the
 * page's own requests count: the service worker's precache download after the page has loaded is not the page's.
 */
import type { Browser } from 'playwright-core';

export const LOGIN_JS_BUDGET_BYTES = 100 * 1024;

export interface DownloadedScript {
  url: string;
  bytes: number;
  encoding: string;
}

/** Opens `url` in a fresh context (empty cache, no storage) and sums the transfer size of every script it loads. */
export async function measurePageScripts(browser: Browser, url: string): Promise<DownloadedScript[]> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; encoding: string }>();
    const sizes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      const { response, type, requestId } = event;
      if (type !== 'Script') return;
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      scripts.set(requestId, { url: response.url, encoding: headers['content-encoding'] ?? 'identity' });
    });
    cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /login|ingia/i }).waitFor();
    await page.waitForLoadState('networkidle');
    return [...scripts].map(([id, script]) => ({ ...script, bytes: sizes.get(id) ?? 0 }));
  } finally {
    await context.close();
  }
}

/** One line per script and the total against the budget; true when the total is within it. */
export function reportLoginScripts(scripts: DownloadedScript[]): boolean {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${kb(script.bytes).padStart(9)}  ${script.encoding.padEnd(8)} ${new URL(script.url).pathname}`);
  }
  const within = total <= LOGIN_JS_BUDGET_BYTES;
  console.log(`/login JavaScript on the wire: ${kb(total)} (budget ${kb(LOGIN_JS_BUDGET_BYTES)}) ${within ? 'ok' : 'OVER'}`);
  return within;
}
