/// <reference lib="dom" />
/**
 * Makes the demo media the app serves under /media/demo/ (apps/server/media/demo/): 16 short WebM videos (8 for the
 * YouTube list, landscape; 8 for the TikTok list, portrait) and 10 ad images (SVG). The output is committed, so
 * `npm start` needs neither this script nor the network; run it again only to change the media:
 *
 *   node --import tsx scripts/make-demo-media.ts
 *
 * How the videos are made, without ffmpeg: every frame is drawn on a canvas and encoded as a lossy WebP image by
 * the headless Chromium the browser tests already use (playwright-core + /usr/bin/chromium or @sparticuz/chromium).
 * A lossy WebP is one VP8 key frame in a RIFF wrapper, so this script takes the `VP8 ` chunk of each image and writes
 * the frames, one per second, into a WebM (Matroska) file with its own small EBML writer below. Every frame is a key
 * frame: a player can start anywhere, and a 10-second video at 192x108 weighs about 10 KB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(REPO_ROOT, 'apps/server/media/demo');
const SECONDS = 10;
const FRAME_MS = 1000;

interface VideoSpec {
  file: string;
  title: string;
  width: number;
  height: number;
  hue: number;
}

const YOUTUBE_TITLES = [
  'Saving basics',
  'Mobile money tips',
  'Budget in 5 steps',
  'Kitchen garden',
  'Morning stretch',
  'Team building',
  'Local markets',
  'Safe passwords',
];
const TIKTOK_TITLES = [
  'Dance step',
  'Quick recipe',
  'City sunset',
  'Street football',
  'Fruit smoothie',
  'Tiny tutorial',
  'Pet moment',
  'Guess the song',
];
const AD_NAMES = [
  'Jua Solar Lamps',
  'Maji Safi Water',
  'Kilimo Seeds',
  'Safari Shoes',
  'Chai Bora Tea',
  'Mwangaza Books',
  'Boda Helmets',
  'Nyumba Paints',
  'Tuzo Academy',
  'Pwani Fresh Juice',
];

const videos: VideoSpec[] = [
  ...YOUTUBE_TITLES.map((title, i) => ({
    file: `youtube-${pad(i + 1)}.webm`,
    title,
    width: 192,
    height: 108,
    hue: (i * 45) % 360,
  })),
  ...TIKTOK_TITLES.map((title, i) => ({
    file: `tiktok-${pad(i + 1)}.webm`,
    title,
    width: 108,
    height: 192,
    hue: (i * 45 + 20) % 360,
  })),
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

async function renderFrames(spec: VideoSpec): Promise<Buffer[]> {
  const executablePath = fs.existsSync('/usr/bin/chromium')
    ? '/usr/bin/chromium'
    : (await import('@sparticuz/chromium')).default.executablePath();
  const resolved = await executablePath;
  const browser = await chromium.launch({ executablePath: resolved, headless: true, args: ['--no-sandbox', '--headless'] });
  try {
    const page = await browser.newPage();
    const frames = await page.evaluate(
      ({ spec: s, seconds }) => {
        const canvas = document.createElement('canvas');
        canvas.width = s.width;
        canvas.height = s.height;
        const ctx = canvas.getContext('2d', { alpha: false });
        if (!ctx) throw new Error('no 2d context');
        const out: string[] = [];
        for (let second = 0; second < seconds; second += 1) {
          ctx.fillStyle = `hsl(${s.hue} 60% 35%)`;
          ctx.fillRect(0, 0, s.width, s.height);
          ctx.fillStyle = `hsl(${(s.hue + 180) % 360} 70% 60%)`;
          ctx.beginPath();
          ctx.arc(
            s.width / 2 + Math.cos(second) * s.width * 0.25,
            s.height * 0.55,
            Math.min(s.width, s.height) * 0.18,
            0,
            Math.PI * 2,
          );
          ctx.fill();
          ctx.fillStyle = '#fff';
          ctx.font = 'bold 13px sans-serif';
          ctx.textAlign = 'center';
          ctx.fillText(s.title, s.width / 2, 18, s.width - 8);
          ctx.font = 'bold 22px sans-serif';
          ctx.fillText(`${second + 1}s`, s.width / 2, s.height - 14);
          ctx.fillStyle = 'rgba(255,255,255,0.85)';
          ctx.fillRect(0, s.height - 4, (s.width * (second + 1)) / seconds, 4);
          out.push(canvas.toDataURL('image/webp', 0.35));
        }
        return out;
      },
      { spec, seconds: SECONDS },
    );
    return frames.map((url) => vp8FromWebp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')));
  } finally {
    await browser.close();
  }
}

/** The VP8 key frame inside a lossy WebP (RIFF "WEBP", chunk "VP8 "); extended files are searched for it. */
function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') throw new Error('not a WebP image');
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    if (fourcc === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('the WebP image has no lossy VP8 chunk (the canvas encoder fell back to lossless?)');
}

// ---- A minimal EBML / WebM writer: header, one segment with info, one video track and one cluster. ----

function ebmlSize(size: number): Buffer {
  // 8-byte size field: simple and valid for any element here.
  const buf = Buffer.alloc(8);
  buf.writeUInt8(0x01, 0);
  buf.writeUIntBE(size, 2, 6);
  return buf;
}

function element(id: number, body: Buffer): Buffer {
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([idBytes, ebmlSize(body.length), body]);
}

function uint(id: number, value: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(value);
  return element(id, buf);
}

function float(id: number, value: number): Buffer {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(value);
  return element(id, buf);
}

function text(id: number, value: string): Buffer {
  return element(id, Buffer.from(value, 'utf8'));
}

function webm(frames: Buffer[], spec: VideoSpec): Buffer {
  const header = element(
    0x1a45dfa3,
    Buffer.concat([
      uint(0x4286, 1),
      uint(0x42f7, 1),
      uint(0x42f2, 4),
      uint(0x42f3, 8),
      text(0x4282, 'webm'),
      uint(0x4287, 2),
      uint(0x4285, 2),
    ]),
  );
  const info = element(
    0x1549a966,
    Buffer.concat([
      uint(0x2ad7b1, 1_000_000),
      float(0x4489, frames.length * FRAME_MS),
      text(0x4d80, 'tuzo make-demo-media'),
      text(0x5741, 'tuzo make-demo-media'),
    ]),
  );
  const track = element(
    0xae,
    Buffer.concat([
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      text(0x86, 'V_VP8'),
      uint(0x9c, 0),
      element(0xe0, Buffer.concat([uint(0xb0, spec.width), uint(0xba, spec.height)])),
    ]),
  );
  const tracks = element(0x1654ae6b, track);
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head.writeUInt8(0x81, 0); // track 1
    head.writeInt16BE(i * FRAME_MS, 1); // timecode relative to the cluster (ms)
    head.writeUInt8(0x80, 3); // key frame
    return element(0xa3, Buffer.concat([head, frame]));
  });
  const cluster = element(0x1f43b675, Buffer.concat([uint(0xe7, 0), ...blocks]));
  const segment = element(0x18538067, Buffer.concat([info, tracks, cluster]));
  return Buffer.concat([header, segment]);
}

// ---- Ad images: plain SVG, drawn here (no scripts, no external references). ----

function adSvg(name: string, index: number): string {
  const hue = (index * 36) % 360;
  const safe = name.replace(/[&<>"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,30%)"/></linearGradient></defs>
<rect width="400" height="250" fill="url(#g)"/>
<circle cx="330" cy="70" r="46" fill="hsl(${(hue + 180) % 360},70%,65%)" opacity="0.8"/>
<text x="28" y="140" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff">${safe}</text>
<text x="28" y="180" font-family="sans-serif" font-size="16" fill="#fff" opacity="0.9">Demo advert ${index + 1} of 10 · Tuzo</text>
</svg>
`;
}

async function main(): Promise<void> {
  fs.mkdirSync(path.join(OUT_DIR, 'videos'), { recursive: true });
  fs.mkdirSync(path.join(OUT_DIR, 'ads'), { recursive: true });
  let total = 0;
  for (const spec of videos) {
    const file = webm(await renderFrames(spec), spec);
    fs.writeFileSync(path.join(OUT_DIR, 'videos', spec.file), file);
    total += file.length;
  }
  AD_NAMES.forEach((name, i) => {
    const svg = adSvg(name, i);
    fs.writeFileSync(path.join(OUT_DIR, 'ads', `ad-${pad(i + 1)}.svg`), svg);
    total += svg.length;
  });
  console.log(
    `Wrote ${videos.length} videos and ${AD_NAMES.length} ads to ${path.relative(REPO_ROOT, OUT_DIR)} (${Math.round(total / 1024)} KB)`,
  );
}

await main();
