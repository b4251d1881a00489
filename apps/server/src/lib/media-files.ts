import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './deps.ts';

/** apps/server/media: the demo media made by scripts/make-demo-media.ts (committed), served under /media/. */
export const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../media');

/** Uploaded images live in the data folder (not in the repository), served under /media/uploads/. */
export const UPLOADS_PREFIX = '/media/uploads/';
export const uploadsDir = (deps: Pick<AppDeps, 'config'>) => path.join(deps.config.dataDir, 'media', 'uploads');

/**
 * Whether a catalogue link may be stored: any link outside /media/, or a /media/ link naming a file this app serves
 * (the demo media or an upload).
 */
export async function isServedOrExternal(deps: Pick<AppDeps, 'config'>, url: string): Promise<boolean> {
  if (!url.startsWith('/media/')) return true;
  if (url.includes('..')) return false;
  const file = url.startsWith(UPLOADS_PREFIX)
    ? path.join(uploadsDir(deps), url.slice(UPLOADS_PREFIX.length))
    : path.join(MEDIA_DIR, url.slice('/media/'.length));
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
