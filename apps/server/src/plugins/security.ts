import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** `/api`, `/api?action=...` and `/api/...`: the envelope answers, the exports, the uploads and the API document. */
const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * Security headers. The web app is served from the same origin and needs no third-party script; the education
 * pages embed videos and charts in frames from their providers, which frame-src allows.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS proxy in front (README, "HTTPS"): this process never sees the browser's scheme.
    strictTransportSecurity: false,
  });
  // Every /api answer, success or error envelope, 404 or 429, is private to the person who asked: no browser or
  // proxy may keep a copy (ASVS 8.2.1). The API document and its page set their own `no-cache` and keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
