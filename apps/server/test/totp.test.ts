import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32, hotp, matchTotpStep, otpauthUri, totpCode, totpStep } from '../src/modules/auth/totp.ts';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" (SHA-1) and 8 digits; ours are the last 6.
const RFC_SECRET = encodeBase32(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238 on node:crypto)', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, eightDigits] of vectors) {
      expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(eightDigits.slice(-6));
    }
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0n, 1n, 2n, 9n].map((counter) => hotp(secret, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32 and tolerates spaces, case and padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(decodeBase32(encodeBase32(bytes))).toEqual(bytes);
    expect(decodeBase32('jbsw y3dp=')).toEqual(decodeBase32('JBSWY3DP'));
    expect(() => decodeBase32('not base32!')).toThrow();
  });

  it('accepts one step of drift either side, and only steps after the last one used', () => {
    const at = new Date('2026-11-23T10:00:10Z');
    const step = totpStep(at);
    const code = (offset: number) => totpCode(RFC_SECRET, at, offset);
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(0), at, afterStep: null })).toBe(step);
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(-1), at, afterStep: null })).toBe(step - 1n);
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(1), at, afterStep: null })).toBe(step + 1n);
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(2), at, afterStep: null })).toBeNull();
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(-2), at, afterStep: null })).toBeNull();
    // Replay: the step that signed in last (and any older) no longer counts.
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(0), at, afterStep: step })).toBeNull();
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: code(1), at, afterStep: step })).toBe(step + 1n);
    expect(matchTotpStep({ secretBase32: RFC_SECRET, code: '12345', at, afterStep: null })).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri({ issuer: 'Tuzo', account: 'boss', secretBase32: 'JBSWY3DP' }));
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe('otpauth://totp/Tuzo:boss');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DP',
      issuer: 'Tuzo',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
