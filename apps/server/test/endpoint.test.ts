import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { useTestApp } from './before-all.ts';

const t = useTestApp();

describe('action endpoint', () => {
  it('answers healthz once the database is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    // The test app's providers are the simulator on this machine: no real money moves (decision 047).
    expect(response.json()).toEqual({ ok: true, payments: 'simulated' });
  });

  it('wraps a result in the envelope with the HTTP status equal to status', async () => {
    const res = await callAction(t.app, 'ping');
    expect(res).toMatchObject({ httpStatus: 200, status: 200, resultcode: true, msg: 'pong', info: [] });
  });

  it('rejects an unknown action with a 404 envelope', async () => {
    const res = await callAction(t.app, 'nosuchaction');
    expect(res).toMatchObject({
      httpStatus: 404,
      status: 404,
      resultcode: false,
      msg: 'Unknown action: nosuchaction',
      data: null,
    });
  });

  it('rejects a missing action parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, resultcode: false, msg: 'The action query parameter is required' });
  });

  it('rejects a wrong method with 405 and an Allow header', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api?action=ping' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, POST');
    expect(response.json().msg).toBe('ping does not accept DELETE; use GET or POST');
  });

  it('rejects invalid JSON with a 400 envelope, not a 500', async () => {
    const res = await callAction(t.app, 'ping', { method: 'POST', payload: '{"broken": ' });
    expect(res).toMatchObject({ httpStatus: 400, status: 400, resultcode: false, msg: 'The request body is not valid JSON' });
  });

  it('rejects a JSON array body', async () => {
    const res = await callAction(t.app, 'ping', { method: 'POST', payload: '[1,2]' });
    expect(res).toMatchObject({ httpStatus: 400, msg: 'The request body must be a JSON object' });
  });

  it('treats an empty POST body as no fields', async () => {
    const res = await callAction(t.app, 'ping', { method: 'POST', payload: '' });
    expect(res.httpStatus).toBe(200);
  });

  it('sends security headers: an API answer may load nothing and be framed by nothing', async () => {
    for (const url of ['/api?action=ping', '/api/ping', '/api/nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it("sends the pages' policy with the API's own page", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(response.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('answers unknown non-page paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nothing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, resultcode: false });
  });
});

describe('validation messages', () => {
  it('says which field is missing and which has the wrong type', async () => {
    const missing = await callAction(t.app, 'login', { payload: { password: 'x' } });
    expect(missing).toMatchObject({ httpStatus: 400, resultcode: false, msg: 'Username or email is required' });
    const wrongType = await callAction(t.app, 'freeuser', { payload: { username: 12345 } });
    expect(wrongType.httpStatus).toBe(400);
    expect(wrongType.msg).toMatch(/username/i);
    expect(wrongType.msg).not.toBe('username is required');
  });
});
