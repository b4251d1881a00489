/// <reference lib="dom" />
/**
 * Makes the installable app's PNG icons (apps/web/public/icons/) from one SVG drawn here: the favicon's white "T"
 * on the brand teal (#0f766e). The output is committed, so a build needs neither this script nor a browser; run it
 * again only to change the icons:
 *
 *   node --import tsx scripts/make-app-icons.ts
 *
 * The PNGs are rendered by the headless Chromium the browser tests already use (playwright-core + /usr/bin/chromium
 * or @sparticuz/chromium), so no image library is needed. "any" icons have rounded corners like the favicon; the
 * "maskable" ones fill the square and keep the letter inside the central 80 % safe zone, because the launcher cuts
 * them to its own shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(REPO_ROOT, 'apps/web/public/icons');
const BRAND = '#0f766e';

/** The favicon's "T" on a 32-unit grid; a maskable icon shrinks it into the safe zone. */
function iconSvg(options: { isMaskable: boolean }): string {
  const radius = options.isMaskable ? 0 : 7;
  const scale = options.isMaskable ? 0.7 : 1;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
  <rect width="32" height="32" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M9 9h14v3.4h-5.3V24h-3.4V12.4H9z" fill="#fff"/></g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, isMaskable: false },
  { file: 'icon-512.png', size: 512, isMaskable: false },
  { file: 'maskable-192.png', size: 192, isMaskable: true },
  { file: 'maskable-512.png', size: 512, isMaskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, isMaskable: true },
];

async function chromiumPath(): Promise<string> {
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox'], headless: true });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${iconSvg(icon)}</body></html>`.replace(
          '<svg ',
          `<svg style="display:block;width:${icon.size}px;height:${icon.size}px" `,
        ),
      );
      await page.screenshot({ path: path.join(OUT_DIR, icon.file), omitBackground: true });
      await page.close();
      console.log(`wrote apps/web/public/icons/${icon.file}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
