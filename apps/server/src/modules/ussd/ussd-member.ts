import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/deps.ts';

/** The caller as the USSD menus need them: the registered owner of the phone number (members.phone, E.164). */
export interface UssdMember {
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  language: 'en' | 'sw';
  countryId: number;
  currency: string;
  phone: string;
  activatedAt: Date | null;
  pinHash: string | null;
  lockedAt: Date | null;
}

/** "254712..." or "+254712..." or "0712..." (Kenya) as members.phone stores it, "+254712..."; null when not a phone. */
export function normalisePhone(raw: string): string | null {
  const digits = raw.trim().replace(/[\s-]/g, '').replace(/^\+/, '');
  const full = /^0[17]\d{8}$/.test(digits) ? `254${digits.slice(1)}` : digits;
  return /^\d{9,15}$/.test(full) ? `+${full}` : null;
}

export async function findUssdMember(deps: AppDeps, phone: string): Promise<UssdMember | null> {
  const rows = await deps.db.execute<{
    id: string;
    username: string;
    status: UssdMember['status'];
    language: UssdMember['language'];
    country_id: number;
    currency: string;
    activated_at: Date | null;
    ussd_pin_hash: string | null;
    ussd_locked_at: Date | null;
  }>(sql`
    SELECT m.id, m.username, m.status, m.language, m.country_id, c.currency, m.activated_at, m.ussd_pin_hash,
           m.ussd_locked_at
      FROM members m JOIN countries c ON c.id = m.country_id
     WHERE m.phone = ${phone} AND m.role = 'member' AND m.closed_at IS NULL AND NOT m.is_house
     ORDER BY m.id LIMIT 1`);
  const row = rows.rows[0];
  if (!row) return null;
  return {
    id: BigInt(row.id),
    username: row.username,
    status: row.status,
    language: row.language,
    countryId: Number(row.country_id),
    currency: row.currency,
    phone,
    activatedAt: row.activated_at ? new Date(row.activated_at) : null,
    pinHash: row.ussd_pin_hash,
    lockedAt: row.ussd_locked_at ? new Date(row.ussd_locked_at) : null,
  };
}

/** The withdrawal fee for an amount in the member's currency (the country's tariff brackets, as the web shows). */
export async function tariffOf(deps: AppDeps, countryId: number) {
  const rows = await deps.db.execute<{ min_minor: string; max_minor: string; tariff_minor: string }>(
    sql`SELECT min_minor::text, max_minor::text, tariff_minor::text FROM tariff_brackets WHERE country_id = ${countryId}`,
  );
  return rows.rows.map((r) => ({
    minMinor: BigInt(r.min_minor),
    maxMinor: BigInt(r.max_minor),
    tariffMinor: BigInt(r.tariff_minor),
  }));
}
