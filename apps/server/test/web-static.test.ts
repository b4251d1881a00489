import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** The built web app goes out precompressed, hashed assets cached for a year, index.html revalidated. */
describe('web app files', () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-dist-'));
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
  const page = `<!doctype html><html><head><title>Tuzo</title></head><body>${'<p>demo</p>'.repeat(200)}</body></html>`;
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), script);
    fs.writeFileSync(path.join(distDir, 'index.html'), page);
    fs.writeFileSync(path.join(distDir, '.source-hash'), 'abc\n');
    await precompressDirectory(distDir);
    t = await createTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip, deflate', (body: Buffer) => zlib.gunzipSync(body)],
  ])('sends a hashed asset as %s, immutable for a year', async (encoding, acceptEncoding, decode) => {
    const response = await get('/assets/index-AbC123.js', acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(decode(response.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(script);
  });

  it('answers a client route with index.html, compressed and revalidated on every use', async () => {
    const response = await get('/login', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(page);
  });

  it('never serves the build stamp or the compressed copies under their own names', async () => {
    // A name without an extension is a client route: it gets index.html, never the stamp's content.
    expect((await get('/.source-hash')).body).toBe(page);
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
    expect((await get('/assets/missing-123.js', 'br')).statusCode).toBe(404);
  });
});
