import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { scrape } from '../../apps/server/test/metrics-scrape.ts';

/**
 * The alert rules and the app cannot drift apart (decision 053): promtool checks the rules and runs their unit tests,
 * and the app's `/metrics` answers every metric family the rules name, only with METRICS_TOKEN.
 */
const PROMETHEUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../prometheus');
const RULES = path.join(PROMETHEUS_DIR, 'alerts.yml');
const TOKEN = 'prometheus-test-token-0123456789';

function promtool(...args: string[]): string {
  const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  if (found.error)
    throw new Error('promtool is missing: install the OS package `prometheus` (Debian: apt-get install -y prometheus)');
  const run = spawnSync('promtool', args, { encoding: 'utf8', cwd: PROMETHEUS_DIR });
  if (run.status !== 0) throw new Error(`promtool ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/** The metric families an expression names: `tuzo_*` (a histogram's _bucket/_sum/_count is its family). */
function familiesInRules(text: string): Set<string> {
  const names = [...text.matchAll(/\btuzo_[a-z_]+/g)].map((match) => match[0]);
  return new Set(names.map((name) => name.replace(/_(bucket|sum|count)$/, '')));
}

describe('Prometheus rules', () => {
  it('promtool check rules passes, with at least ten alerts', () => {
    const out = promtool('check', 'rules', RULES);
    const found = /SUCCESS: (\d+) rules found/.exec(out);
    expect(Number(found?.[1])).toBeGreaterThanOrEqual(10);
  });

  it('promtool test rules passes, and every alert has a unit test', () => {
    promtool('test', 'rules', 'alerts.test.yml');
    const alerts = [...fs.readFileSync(RULES, 'utf8').matchAll(/- alert: (\w+)/g)].map((match) => match[1]);
    const tests = fs.readFileSync(path.join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8');
    for (const alert of alerts) expect(tests, alert).toMatch(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:\\n\\s+- `));
  });

  it('promtool check config accepts the scrape example (with a token file of its own)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuzo-prometheus-'));
    try {
      fs.writeFileSync(path.join(dir, 'token'), TOKEN);
      fs.copyFileSync(RULES, path.join(dir, 'alerts.yml'));
      const config = fs.readFileSync(path.join(PROMETHEUS_DIR, 'prometheus.yml'), 'utf8');
      expect(config).toContain('credentials_file: /etc/prometheus/tuzo-metrics-token');
      fs.writeFileSync(
        path.join(dir, 'prometheus.yml'),
        config.replace('/etc/prometheus/tuzo-metrics-token', path.join(dir, 'token')),
      );
      promtool('check', 'config', path.join(dir, 'prometheus.yml'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/metrics answers what the rules use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('refuses a scrape without the token', async () => {
    expect((await scrape(t.app, null)).status).toBe(401);
    expect((await scrape(t.app, 'wrong-token-wrong-token-wrong')).status).toBe(401);
  });

  it('answers every tuzo_* family the alert rules and the dashboard name', async () => {
    const { status, families } = await scrape(t.app, TOKEN);
    expect(status).toBe(200);
    const dashboard = fs.readFileSync(path.join(PROMETHEUS_DIR, '../grafana/tuzo-dashboard.json'), 'utf8');
    const used = new Set([...familiesInRules(fs.readFileSync(RULES, 'utf8')), ...familiesInRules(dashboard)]);
    expect(used.size).toBeGreaterThanOrEqual(12);
    const missing = [...used].filter((family) => !families.has(family));
    expect(missing, 'families the rules or the dashboard use that /metrics does not answer').toEqual([]);
  });
});
