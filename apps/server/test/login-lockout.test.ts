import { describe, expect, it } from 'vitest';
import { LoginLockout, MAX_FAILURES, WINDOW_MS } from '../src/modules/auth/login-lockout.ts';

describe('LoginLockout', () => {
  it('locks after 5 failures within 15 minutes and unlocks when the oldest failure is 15 minutes old', () => {
    let now = 1_000_000;
    const lockout = new LoginLockout(() => now);
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) lockout.recordFailure('7');
    expect(lockout.isLocked('7')).toBe(false);
    now += 60_000;
    lockout.recordFailure('7');
    expect(lockout.isLocked('7')).toBe(true);
    expect(lockout.isLocked('8')).toBe(false);
    now += WINDOW_MS - 60_000;
    expect(lockout.isLocked('7')).toBe(false);
  });

  it('spreads failures over more than the window without locking', () => {
    let now = 0;
    const lockout = new LoginLockout(() => now);
    for (let i = 0; i < 20; i += 1) {
      lockout.recordFailure('9');
      now += WINDOW_MS / 4;
    }
    expect(lockout.isLocked('9')).toBe(false);
  });

  it('forgets failures after a successful login', () => {
    const lockout = new LoginLockout();
    for (let i = 0; i < MAX_FAILURES; i += 1) lockout.recordFailure('1');
    lockout.clear('1');
    expect(lockout.isLocked('1')).toBe(false);
  });
});
