import { describe, expect, it } from 'vitest';
import { csvLine } from '../src/lib/csv.ts';
import { EXPORT_PAGE_ROWS } from '../src/modules/exports/exports.routes.ts';
import { createMember, fund } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const member = useMember({ t, c }, { status: 'active' });

const download = (path: string, token: string | null = operator.token) =>
  t.app.inject({ method: 'GET', url: `/api/admin/export/${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');

describe('CSV exports', () => {
  it('refuses visitors, members and unknown exports with the envelope', async () => {
    expect((await download('members', null)).json()).toMatchObject({ status: 401, resultcode: false, code: 'UNAUTHORIZED' });
    expect((await download('members', member.token)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const support = await createMember(t, { countryId: c.kes, status: 'active', role: 'support' });
    expect((await download('members', support.token)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const unenrolled = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
    await t.sql('UPDATE members SET totp_secret = NULL, totp_enabled_at = NULL WHERE id = $1', [unenrolled.id.toString()]);
    expect((await download('members', unenrolled.token)).json()).toMatchObject({ status: 403, code: 'TOTP_ENROLMENT_REQUIRED' });
    expect((await download('ledgers')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await download('members?status=gone')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('streams every member across keyset pages, with the search filters, and audits the export', async () => {
    const prefix = `exp${Date.now().toString(36)}`;
    await t.sql(
      `INSERT INTO members (username, email, phone, password_hash, country_id)
       SELECT $1 || '_' || g, $1 || '_' || g || '@x.test', '+999' || lpad(g::text, 9, '0'), 'x', $2 FROM generate_series(1, $3::int) g`,
      [prefix, c.ugx, EXPORT_PAGE_ROWS + 5],
    );
    const response = await download(`members?q=${prefix}&country=${c.ugx}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tuzo-members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = lines(response.body);
    expect(rows[0]).toBe('id,username,email,phone,country,status,joined_at,activated_at');
    expect(rows).toHaveLength(EXPORT_PAGE_ROWS + 6);
    const names = new Set(rows.slice(1).map((row) => row.split(',')[1]));
    expect(names.size).toBe(EXPORT_PAGE_ROWS + 5);
    expect(names.has(`${prefix}_1`)).toBe(true);
    expect(lines((await download(`members?q=${prefix}&status=active`)).body)).toHaveLength(1);
    const audit = await t.sql<{ actor_id: string; after: { filter: Record<string, string> } }>(
      `SELECT actor_id::text, after FROM audit_log WHERE action = 'export.members' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]).toMatchObject({ actor_id: operator.id.toString(), after: { filter: { q: prefix, status: 'active' } } });
  });

  it('exports withdrawals, deposits and the code queue', async () => {
    for (const name of ['withdrawals', 'deposits?stuck=true', 'codes']) {
      const response = await download(name);
      expect(response.statusCode).toBe(200);
      expect(lines(response.body)[0]).toMatch(/^id,username,/);
    }
  });

  it("exports one member's ledger, one line per transaction (the sum of their legs)", async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    for (let i = 0; i < 3; i += 1) await fund(t, m.id, 100n + BigInt(i));
    const response = await download(`ledger?username=${m.username}`);
    expect(response.statusCode).toBe(200);
    const rows = lines(response.body);
    expect(rows[0]).toBe('transaction_id,created_at,kind,amount_system,wallets,memo');
    expect(rows.slice(1).map((row) => row.split(',')[3])).toEqual(['1.02', '1.01', '1.00']);
    expect((await download('ledger?username=nobody_here')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await download('ledger')).json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('quotes fields and neutralises spreadsheet formulas', () => {
    expect(csvLine(['a,b', 'say "hi"', '=SUM(A1)', '-10.00', null, 3])).toBe(`"a,b","say ""hi""",'=SUM(A1),-10.00,,3\r\n`);
  });
});
