import { DEVICE_ID } from './normalise.ts';

/** The `X-Device-Id` header when it is a device id the web made (16 to 64 of A-Z a-z 0-9 _ -), else null. */
export function deviceIdOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers['x-device-id'];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}
