import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 6 digits, 30-second steps, the defaults
 * every authenticator app uses. Written on node:crypto rather than taken from a package: it is a few lines, and the
 * time is always passed in (the app's clock), so tests compute codes at a fixed instant.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count, for phones whose clock is a little off (RFC 6238, section 5.2). */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps read. */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('Not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226): the code of one counter value. */
export function hotp(secret: Buffer, counter: bigint): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The 30-second step `at` falls in. */
export function totpStep(at: Date): bigint {
  return BigInt(Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS));
}

/** The code an authenticator shows at `at` for a base32 secret (tests and the browser flows use it too). */
export function totpCode(secretBase32: string, at: Date, stepOffset = 0): string {
  return hotp(decodeBase32(secretBase32), totpStep(at) + BigInt(stepOffset));
}

/**
 * The step whose code equals `code`, looking from the oldest allowed step to the newest, or null. Only steps after
 * `afterStep` count: a code that already signed in (or an older one) is refused, which stops replay.
 */
export function matchTotpStep(input: { secretBase32: string; code: string; at: Date; afterStep: bigint | null }): bigint | null {
  const secret = decodeBase32(input.secretBase32);
  const now = totpStep(input.at);
  const given = Buffer.from(input.code);
  for (let offset = -TOTP_DRIFT_STEPS; offset <= TOTP_DRIFT_STEPS; offset += 1) {
    const step = now + BigInt(offset);
    if (input.afterStep !== null && step <= input.afterStep) continue;
    const expected = Buffer.from(hotp(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code (Google Authenticator key-uri format). */
export function otpauthUri(input: { issuer: string; account: string; secretBase32: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: input.secretBase32,
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
