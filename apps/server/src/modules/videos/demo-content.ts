import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.ts';
import { MEDIA_DIR } from '../../lib/media-files.ts';
import { seedDemoAds } from '../ads/index.ts';
import { seedDemoTimetable } from '../timetable/index.ts';
import { countVideos, insertVideo } from './videos.repository.ts';

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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Serves the media with range requests (@fastify/static, through `send`: Accept-Ranges, 206 partial content), so a
 * video can start and seek without downloading the whole file.
 */
export async function registerMedia(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400'),
  });
}

/**
 * On a system without task content and with TUZO_DEMO_SEED, writes the demo content: 8 hosted videos per list,
 * 10 ads and the timetable rows.
 */
export async function startTaskContent(deps: AppDeps): Promise<void> {
  if (deps.config.TUZO_DEMO_SEED) await seedDemoContent(deps);
}

/** Idempotent and safe when two processes start together: one transaction under an advisory lock. */
export async function seedDemoContent(deps: AppDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('tuzo:task-content'))`);
    if ((await countVideos(tx)) === 0) {
      for (const [i, title] of YOUTUBE_TITLES.entries()) {
        await insertVideo(tx, {
          task: 'youtube',
          source: 'file',
          title,
          url: `/media/demo/videos/youtube-${pad(i + 1)}.webm`,
          priceMinor: BigInt(500 + i * 100),
        });
      }
      for (const [i, title] of TIKTOK_TITLES.entries()) {
        await insertVideo(tx, {
          task: 'tiktok',
          source: 'file',
          title,
          url: `/media/demo/videos/tiktok-${pad(i + 1)}.webm`,
          priceMinor: BigInt(400 + i * 50),
        });
      }
    }
    await seedDemoAds(tx);
    await seedDemoTimetable(tx);
  });
}
