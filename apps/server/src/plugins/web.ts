import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from '../actions/endpoint.ts';

/**
 * Serves the built web app (apps/web/dist) with long caching for hashed assets, and index.html for every other
 * GET so client-side routes work on reload. Without a build, a short page says how to make one.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
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
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  });
}
