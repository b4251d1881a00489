import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** `/api`, `/api?action=...` and `/api/...`: the envelope answers, the exports, the uploads and the API document. */
const API_PATH = /^\/api(?:[/?]|$)/;
/** The API's own HTML page (`/api/docs`), which takes the pages' policy. */
const API_PAGE = /^\/api\/docs(?:[/?]|$)/;

/**
 * What both policies share: no Cross-Origin-Embedder-Policy (the lessons frame videos and charts from their providers),
 * and no HSTS, which belongs to the TLS proxy in front (README, "HTTPS"), not this process.
 */
const COMMON = { crossOriginEmbedderPolicy: false, strictTransportSecurity: false } as const;

/**
 * Security headers. The web app is served from the same origin and needs no third-party script; the education
 * pages embed videos and charts in frames from their providers, which frame-src allows. Helmet's middleware is built
 * once and applied to every request by one hook (the @fastify/helmet wrapper rebuilt it, CSP parsing included, on
 * every request: 6% of a signed-in poll's CPU, decision 043).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const pageHeaders = helmet({
    ...COMMON,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'"],
        // The installable app (decision 036): its service worker (/sw.js) and manifest come from this origin only.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-src': [
          "'self'",
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://www.tiktok.com',
          'https://s.tradingview.com',
          'https://www.tradingview-widget.com',
        ],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // An API answer (JSON, CSV, an upload) is never a document: nothing may load from it or frame it (the OWASP REST
  // cheat sheet's policy). It is also the shorter header on every poll.
  const apiHeaders = helmet({
    ...COMMON,
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    const apply = API_PATH.test(request.url) && !API_PAGE.test(request.url) ? apiHeaders : pageHeaders;
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // Every /api answer, success or error envelope, 404 or 429, is private to the person who asked: no browser or
  // proxy may keep a copy (ASVS 8.2.1). The API document and its page set their own `no-cache` and keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
