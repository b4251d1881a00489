import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../lib/deps.ts';
import { MEDIA_DIR } from '../videos/index.ts';

/** Uploaded images live in the data folder (not in the repository), served under /media/uploads/. */
export const UPLOADS_PREFIX = '/media/uploads/';
export const uploadsDir = (deps: Pick<AppDeps, 'config'>) => path.join(deps.config.dataDir, 'media', 'uploads');

/** The file a /media/ link names, or null when it names nothing this app serves. */
export async function isServedMediaFile(deps: Pick<AppDeps, 'config'>, url: string): Promise<boolean> {
  if (!url.startsWith('/media/') || url.includes('..')) return false;
  const file = url.startsWith(UPLOADS_PREFIX)
    ? path.join(uploadsDir(deps), url.slice(UPLOADS_PREFIX.length))
    : path.join(MEDIA_DIR, url.slice('/media/'.length));
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The image type by its first bytes (the name and the declared type are not trusted); SVG is never accepted. */
export function sniffImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}
