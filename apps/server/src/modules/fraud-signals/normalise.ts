import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { SignalKind } from '@tuzo/contracts';

/**
 * Signal values as they are compared (decision 061): each raw value is normalised so that the same person's
 * spellings meet (an email's case, Gmail's dots and +tags, a phone written 07..., 2547... or +2547...), then hashed
 * with HMAC-SHA256 under a server key, so the table holds no readable value and a leaked table cannot be matched
 * against a list of phone numbers without the key.
 */

/** The device id the web keeps in localStorage (header `X-Device-Id`); anything else is ignored. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function normaliseDevice(value: string | null | undefined): string | null {
  return value && DEVICE_ID.test(value) ? value : null;
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** Lowercase; the +tag is dropped for every domain, the dots of a Gmail address too (googlemail is gmail). */
export function normaliseEmail(value: string | null | undefined): string | null {
  const email = value?.trim().toLowerCase() ?? '';
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  let local = email.slice(0, at).split('+')[0] ?? '';
  let domain = email.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : null;
}

/**
 * E.164 with its plus. Kenyan numbers in any usual spelling (07.., 01.., 7.., 1.., 2547.., 2541.., +254..) become
 * +2547........ / +2541........; other numbers written with a country code keep their digits. Null when fewer
 * than 8 digits remain.
 */
export function normalisePhone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  if (/^0[17]\d{8}$/.test(digits)) return `+254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `+254${digits}`;
  if (/^2540[17]\d{8}$/.test(digits)) return `+254${digits.slice(4)}`;
  if (digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

/**
 * A payee name as a provider returns it: M-Pesa's ReceiverPartyPublicName reads "254712345678 - JOHN DOE" (the
 * number part is dropped, it is the payout phone), Flutterwave's a full name. Letters only, lowercase, one space.
 */
export function normaliseName(value: string | null | undefined): string | null {
  const withoutNumber = (value ?? '').replace(/^[\d*+\s]+-\s*/, '');
  const name = withoutNumber
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
  return name.length >= 2 ? name : null;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = address.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The client address (IPv4-mapped IPv6 read as IPv4) and its network: the /24 of an IPv4, the /48 of an IPv6. */
export function normaliseAddress(value: string | null | undefined): { ip: string; network: string } | null {
  let ip = (value ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  const version = isIP(ip);
  if (version === 4) return { ip, network: `${ip.split('.').slice(0, 3).join('.')}.0/24` };
  if (version !== 6 || ip.includes('.')) return null;
  const groups = expandIpv6(ip.split('%')[0] ?? ip);
  return { ip: groups.join(':'), network: `${groups.slice(0, 3).join(':')}::/48` };
}

/** The keyed hash stored for a value: HMAC-SHA256 of `kind:value`, hex. */
export function signalHash(key: Buffer, kind: SignalKind, value: string): string {
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('hex');
}
