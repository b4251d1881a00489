import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY, deviceId } from './device-id';

describe('deviceId', () => {
  beforeEach(() => localStorage.clear());

  it('makes a base64url id of 22 characters once and keeps it', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('replaces a stored value that is not an id', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'x');
    expect(deviceId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
