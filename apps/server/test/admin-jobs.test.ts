import { describe, expect, it } from 'vitest';
import { ensureJob } from '../src/modules/jobs/jobs.repository.ts';
import { callAction } from './harness.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

// `adminrevivejob` (operator, audited): a dead-lettered job comes back idle and due now; anything else is refused.
const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const support = useMember({ t, c }, { status: 'active', role: 'support' });

const revive = (name: string, token = operator.token) =>
  callAction(t.app, 'adminrevivejob', { method: 'POST', token, payload: { name } });

describe('reviving a dead-lettered job', () => {
  it('brings a dead job back, audited; refuses a live job, an unknown one and support staff', async () => {
    const name = `revive-${Date.now().toString(36)}`;
    const now = t.app.deps.clock.now();
    await ensureJob(t.app.deps.db, { name, everyMs: 60_000, firstDueAt: now, now });
    await t.sql(`UPDATE jobs SET state = 'dead', consecutive_failures = 3 WHERE name = $1`, [name]);

    expect((await revive(name, support.token)).code).toBe('FORBIDDEN');
    const listed = await callAction<{ jobs: Array<{ name: string; dead_letter: boolean }> }>(t.app, 'adminjobs', {
      method: 'GET',
      token: operator.token,
    });
    expect(listed.data.jobs.find((job) => job.name === name)).toMatchObject({ dead_letter: true });

    const answer = await revive(name);
    expect(answer).toMatchObject({ status: 200, resultcode: true, data: { name, state: 'idle' } });
    const rows = await t.sql<{ state: string; consecutive_failures: number }>(
      'SELECT state, consecutive_failures FROM jobs WHERE name = $1',
      [name],
    );
    expect(rows[0]).toEqual({ state: 'idle', consecutive_failures: 0 });
    const audit = await t.sql<{ actor_id: string; target_id: string }>(
      `SELECT actor_id::text, target_id FROM audit_log WHERE action = 'job.revive' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]).toEqual({ actor_id: operator.id.toString(), target_id: name });

    expect(await revive(name)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await revive('no-such-job')).toMatchObject({ status: 409, code: 'CONFLICT' });
  });
});
