import { describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock.ts';
import { taskAvailability } from '../src/modules/schedules/schedules.service.ts';
import { useTestApp } from './before-all.ts';

// 2026-11-25 is a Wednesday; Nairobi is UTC+3, so 22:30 UTC on Tuesday the 24th is already Wednesday there.
const clock = new SettableClock(new Date('2026-11-24T22:30:00Z'));
const t = useTestApp({}, { clock });

describe('task schedules on the operator calendar', () => {
  it('opens YouTube on Wednesday in Nairobi even while it is still Tuesday in UTC', async () => {
    const youtube = await taskAvailability(t.app.deps, { kind: 'youtube', activatedAt: null });
    expect(youtube).toMatchObject({ isOpen: true, today: '2026-11-25', days: ['Sunday', 'Wednesday'] });
    const tiktok = await taskAvailability(t.app.deps, { kind: 'tiktok', activatedAt: null });
    expect(tiktok).toMatchObject({ isOpen: false, days: ['Sunday', 'Monday'], nextDay: 'Sunday' });
    expect(tiktok.closedMessage).toBe('TikTok videos are available on Sunday and Monday. Come back on Sunday.');
  });

  it('opens every task on the member’s activation day, and only that day', async () => {
    clock.set(new Date('2026-11-26T09:00:00Z')); // Thursday
    const activatedAt = new Date('2026-11-26T06:00:00Z');
    expect((await taskAvailability(t.app.deps, { kind: 'ads', activatedAt })).isOpen).toBe(true);
    expect((await taskAvailability(t.app.deps, { kind: 'ads', activatedAt: null })).isOpen).toBe(false);
    clock.advance(24 * 3_600_000);
    expect((await taskAvailability(t.app.deps, { kind: 'ads', activatedAt })).isOpen).toBe(false);
  });

  it('runs trivia every day by default and follows the operator’s table', async () => {
    expect((await taskAvailability(t.app.deps, { kind: 'trivia', activatedAt: null })).isOpen).toBe(true);
    await t.sql("UPDATE task_schedules SET weekdays = ARRAY[2]::smallint[] WHERE kind = 'trivia'");
    const trivia = await taskAvailability(t.app.deps, { kind: 'trivia', activatedAt: null });
    expect(trivia).toMatchObject({ isOpen: false, days: ['Tuesday'], nextDay: 'Tuesday' });
    await t.sql("UPDATE task_schedules SET weekdays = ARRAY[0,1,2,3,4,5,6]::smallint[] WHERE kind = 'trivia'");
  });
});
