import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/ledger/reconcile.ts';
import { useCountriesApp } from './countries-app.ts';
import { createMember, fund } from './money-fixtures.ts';
import { phoneOf, withPassword } from './ussd-fixtures.ts';

/**
 * `npm run ussd` (tools/provider-sim/src/ussd-cli.ts, decision 056) driven with piped stdin against a test app: it
 * asks the simulator for the app's USSD callback (or takes `--url`), prints each screen, sends each line as a key
 * press, and posts the end-of-session notification the app stores.
 */
const { t, c } = useCountriesApp();
beforeAll(async () => {
  await t.app.listen({ port: 0 });
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runUssd(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ussd', '--', ...args], { cwd: ROOT, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const ends = (status: string) =>
  t.sql<{ status: string; hops: number }>('SELECT status, hops FROM ussd_session_ends WHERE status = $1 ORDER BY id', [status]);

describe('npm run ussd', () => {
  it('plays a withdrawal from piped key presses through the simulator, then the session end is stored', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await withPassword(t, m, '3698');
    await fund(t, m.id, 100_000n, 'balance');
    const phone = await phoneOf(t, m);
    const run = await runUssd([phone, '--sim', t.sim.url], '1\n0\n3\n500\n1\n3698\n9\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const screens = run.stdout.split(/^> .*$/m).map((screen) => screen.trim());
    expect(screens[0]).toMatch(/^CON Tuzo .*\n1 Balances/s);
    expect(screens[1]).toMatch(/^CON Balances\nJumbo 1000\.00\n/);
    expect(screens[2]).toBe(screens[0]);
    expect(screens[4]).toContain('You receive KES 500.00');
    expect(screens[6]).toBe('END Withdrawal requested. You will get an SMS with the result.');
    expect(screens).toHaveLength(7); // the last line ("9") is not sent: the session is over
    expect(await t.sql('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id.toString()])).toHaveLength(1);
    expect(await ends('Success')).toEqual([{ status: 'Success', hops: 7 }]);
  });

  it('with --url, stdin closing before an END screen hangs up: the session ends Incomplete', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    await t.sql("UPDATE members SET language = 'sw' WHERE id = $1", [m.id.toString()]);
    const url = `${t.app.deps.publicUrl()}/hooks/ussd/${t.app.deps.payments.smsDeliverySecret}`;
    const run = await runUssd([await phoneOf(t, m), '--url', url], '5\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CON Tuzo .*\n1 Salio.*\n> 5\nCON Hali hai\n/s);
    expect(await ends('Incomplete')).toEqual([{ status: 'Incomplete', hops: 2 }]);
  });

  it('a wrong callback ends the session with a non-zero exit; a bad phone prints the usage', async () => {
    const wrong = await runUssd(['+254700000321', '--url', `${t.app.deps.publicUrl()}/hooks/ussd/wrong`], '1\n');
    expect(wrong.code, wrong.stdout + wrong.stderr).toBe(1);
    expect(wrong.stdout).toMatch(/^HTTP 404/);
    const usage = await runUssd(['nobody'], '');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run ussd -- <phone');
  });

  it('the ledger reconciles', async () => {
    expect((await reconcileLedger(t.app.deps.db)).ok).toBe(true);
  });
});
