import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from '../http/envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (apps/web/dist). The build writes brotli and gzip copies of every text file
 * (scripts/precompress.ts); they are sent by Accept-Encoding with the original's Content-Type. Files under
 * /assets/ carry a content hash in their name, so browsers keep them for a year without asking; everything else,
 * index.html, the service worker (sw.js) and the manifest above all, is revalidated on every use, so a new deploy is
 * seen on the next visit (decision 036). Every other GET that is not a file gets index.html so
 * client-side routes work on reload. Without a build, a short page says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found through preCompressed, not served under their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      // `send` would otherwise add its own `Cache-Control: public, max-age=0` after setHeaders, overriding it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', isHashed ? IMMUTABLE : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || url.startsWith('/api') || url.startsWith('/hooks') || path.extname(url) !== '') {
      return sendEnvelope(reply, { status: 404, msg: `Not found: ${request.method} ${url.slice(0, 80)}` });
    }
    if (!hasBuild) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.sendFile('index.html');
  });
}
