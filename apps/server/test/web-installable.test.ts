import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The installable app's files (decision 036): the service worker and the manifest are revalidated on every use, so a
 * new deploy reaches the next visit, and the security headers let the page register the worker and read the manifest.
 */
describe('installable app files', () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-dist-'));
  const worker = `self.addEventListener('install', () => self.skipWaiting());\n${'// precache list\n'.repeat(100)}`;
  const manifest = JSON.stringify({ name: 'Tuzo', short_name: 'Tuzo', start_url: '/', display: 'standalone' });
  const page = '<!doctype html><html><head><title>Tuzo</title></head><body></body></html>';
  // The smallest valid PNG signature and header are enough for the content type check.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(distDir, 'icons'));
    fs.writeFileSync(path.join(distDir, 'sw.js'), worker);
    fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), manifest);
    fs.writeFileSync(path.join(distDir, 'icons', 'icon-192.png'), png);
    fs.writeFileSync(path.join(distDir, 'index.html'), page);
    await precompressDirectory(distDir);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });

  it('sends the service worker as JavaScript, compressed, revalidated on every use', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the manifest as a web app manifest, revalidated on every use', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the icons as PNG images', async () => {
    const response = await get('/icons/icon-192.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('lets the page register a same-origin worker and read a same-origin manifest, nothing else', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });

  it('never lets a browser or the worker keep an API answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api?action=auth' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
