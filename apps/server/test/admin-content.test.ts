import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAction, createTestApp, type TestApp } from './harness.ts';
import { createMember, ensureTestCountries, type TestCountries, type TestMember } from './money-fixtures.ts';

let t: TestApp;
let c: TestCountries;
let operator: TestMember;
let support: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  c = await ensureTestCountries(t);
  operator = await createMember(t, { countryId: c.kes, status: 'active', role: 'operator' });
  support = await createMember(t, { countryId: c.kes, status: 'active', role: 'support' });
  member = await createMember(t, { countryId: c.kes, status: 'active' });
});
afterAll(async () => t.close());

const post = (action: string, payload: unknown, token = operator.token) => callAction(t.app, action, { method: 'POST', token, payload });
const get = (action: string, query: Record<string, string>, token = operator.token) => callAction(t.app, action, { method: 'GET', token, query });
const auditCount = async (action: string) => Number((await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM audit_log WHERE action = $1', [action]))[0]!.n);
const lastAudit = async (action: string) =>
  (await t.sql<{ actor_id: string; target_id: string | null; before: unknown; after: Record<string, unknown>; ip: string | null }>(
    'SELECT actor_id::text, target_id, before, after, ip FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
    [action],
  ))[0];
const importCsv = async (csv: string, token = operator.token, contentType = 'text/csv') => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/trivia/import',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: csv,
  });
  return { httpStatus: response.statusCode, ...(response.json() as { msg: string; code: string | null; data: any }) };
};

const QUESTION = { question: 'Which is the capital of Kenya?', options: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'], correct: 1, active: true };

describe('access', () => {
  it.each(['admintriviasave', 'admintriviaretire', 'adminbroadcast'])('%s is for operators: support 403, member 403, visitor 401', async (action) => {
    expect((await post(action, {}, support.token)).code).toBe('FORBIDDEN');
    expect((await post(action, {}, member.token)).code).toBe('FORBIDDEN');
    expect((await post(action, {}, '')).code).toBe('UNAUTHORIZED');
  });
  it('support staff read the bank; members do not', async () => {
    expect((await get('admintrivia', {}, support.token)).status).toBe(200);
    expect((await get('admintrivia', {}, member.token)).status).toBe(403);
  });
  it('the CSV import is for operators', async () => {
    expect((await importCsv('x', support.token)).code).toBe('FORBIDDEN');
    expect((await importCsv('x', member.token)).code).toBe('FORBIDDEN');
    expect((await importCsv('x', '')).code).toBe('UNAUTHORIZED');
  });
});

describe('trivia bank', () => {
  it('adds, edits, retires and restores a question, each audited with who, before, after and IP', async () => {
    const added = await post('admintriviasave', QUESTION);
    expect(added).toMatchObject({ status: 200, msg: 'Question added', data: { question: QUESTION.question, options: QUESTION.options, correct: 1, active: true } });
    const id = added.data.id as string;
    expect(await lastAudit('trivia.add')).toMatchObject({ actor_id: operator.id.toString(), target_id: id, before: null, after: { question: QUESTION.question, correct: 1 }, ip: expect.any(String) });

    const edited = await post('admintriviasave', { ...QUESTION, id, question: 'Which city is the capital of Kenya?', correct: 1 });
    expect(edited).toMatchObject({ status: 200, msg: 'Question saved', data: { id, question: 'Which city is the capital of Kenya?' } });
    expect(await lastAudit('trivia.edit')).toMatchObject({ target_id: id, before: { question: QUESTION.question }, after: { question: 'Which city is the capital of Kenya?' } });

    expect(await post('admintriviaretire', { id, active: false })).toMatchObject({ status: 200, data: { active: false } });
    expect(await lastAudit('trivia.retire')).toMatchObject({ target_id: id, before: { active: true }, after: { active: false } });
    expect((await post('admintriviaretire', { id, active: false })).code).toBe('CONFLICT');
    const activeIds = await t.sql<{ id: string }>('SELECT id::text FROM trivia_questions WHERE active');
    expect(activeIds.map((row) => row.id)).not.toContain(id);
    expect(await post('admintriviaretire', { id, active: true })).toMatchObject({ status: 200, data: { active: true } });
    expect(await lastAudit('trivia.restore')).toMatchObject({ target_id: id, after: { active: true } });
  });

  it('refuses bad questions with 400 and a clear message, writing nothing', async () => {
    const before = await auditCount('trivia.add');
    const bad: Array<[unknown, RegExp]> = [
      [{ ...QUESTION, question: '  ' }, /question is required/],
      [{ ...QUESTION, question: 'x'.repeat(501) }, /at most 500/],
      [{ ...QUESTION, options: ['a', 'b', 'c'] }, /four options/i],
      [{ ...QUESTION, options: ['Nairobi', 'nairobi ', 'Kisumu', 'Nakuru'] }, /must all be different/],
      [{ ...QUESTION, options: ['a', 'b', '', 'd'] }, /option is required/],
      [{ ...QUESTION, correct: 5 }, /correct option/],
      [{ ...QUESTION, correct: 0 }, /correct option/],
      [{ ...QUESTION, active: 'yes' }, /true or false/],
    ];
    for (const [payload, message] of bad) {
      const result = await post('admintriviasave', payload);
      expect(result.httpStatus, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(result.msg).toMatch(message);
    }
    expect((await post('admintriviasave', { ...QUESTION, id: '999999' })).code).toBe('NOT_FOUND');
    expect((await post('admintriviaretire', { id: '999999', active: false })).code).toBe('NOT_FOUND');
    expect((await post('admintriviaretire', { id: 'x', active: false })).httpStatus).toBe(400);
    expect(await auditCount('trivia.add')).toBe(before);
  });

  it('lists newest first with search, status filter and paging', async () => {
    const marker = `Zebra-${Date.now()}`;
    const first = await post('admintriviasave', { ...QUESTION, question: `${marker} one 50%?` });
    const second = await post('admintriviasave', { ...QUESTION, question: `${marker} two?`, active: false });
    const all = await get('admintrivia', { q: marker.toLowerCase() });
    expect(all.data).toMatchObject({ total: 2, rows: [{ id: second.data.id }, { id: first.data.id }] });
    expect((await get('admintrivia', { q: marker, status: 'retired' })).data.rows.map((row: { id: string }) => row.id)).toEqual([second.data.id]);
    expect((await get('admintrivia', { q: marker, status: 'active' })).data.rows.map((row: { id: string }) => row.id)).toEqual([first.data.id]);
    expect((await get('admintrivia', { q: '50%' })).data.total).toBe(1);
    expect((await get('admintrivia', { q: `${marker}_` })).data.total).toBe(0);
    expect((await get('admintrivia', { limit: '1', page: '2' })).data.rows).toHaveLength(1);
    const badQueries: Array<Record<string, string>> = [{ status: 'gone' }, { limit: '101' }, { page: '0' }];
    for (const query of badQueries) expect((await get('admintrivia', query)).httpStatus).toBe(400);
  });
});

describe('trivia CSV import', () => {
  const header = 'question,option_a,option_b,option_c,option_d,correct';

  it('inserts the valid rows in one go and reports each rejected row with its line and reason; audited once', async () => {
    const csv = [
      header,
      'What is 2 + 2?,3,4,5,6,B',
      '"Which ocean borders Kenya, to the east?",Indian,Atlantic,Pacific,Arctic,1',
      'Duplicate options?,a,a,b,c,A',
      ',a,b,c,d,A',
      'Too few columns,a,b,c',
      'Bad correct,a,b,c,d,E',
      '"Multi-line',
      'question?",yes,no,maybe,never,yes',
      '',
      'By text?,Red,Green,Blue,Black,green',
    ].join('\r\n');
    const result = await importCsv(csv);
    expect(result).toMatchObject({ httpStatus: 200, msg: '4 questions added, 4 rows rejected' });
    expect(result.data.rejected).toEqual([
      { line: 4, reason: 'The four options must all be different' },
      { line: 5, reason: 'The question is required' },
      { line: 6, reason: 'Expected 6 columns, found 4' },
      { line: 7, reason: expect.stringMatching(/^correct must be A, B, C, D/) },
    ]);
    const rows = await t.sql<{ question: string; options: string[]; correct: number }>(
      "SELECT question, options, correct FROM trivia_questions WHERE question IN ('What is 2 + 2?', 'Which ocean borders Kenya, to the east?', E'Multi-line\\nquestion?', 'By text?') ORDER BY id",
    );
    expect(rows.map((row) => [row.question, row.correct])).toEqual([
      ['What is 2 + 2?', 2],
      ['Which ocean borders Kenya, to the east?', 1],
      ['Multi-line\nquestion?', 1],
      ['By text?', 2],
    ]);
    expect(await lastAudit('trivia.import')).toMatchObject({ actor_id: operator.id.toString(), after: { inserted: 4, rejected: 4, rejected_lines: [4, 5, 6, 7] } });
  });

  it('refuses a wrong header, an empty file, too many rows and a body over 1 MB; nothing is inserted or audited', async () => {
    const before = await auditCount('trivia.import');
    expect(await importCsv('q,a,b,c,d,correct\nx,a,b,c,d,A')).toMatchObject({ httpStatus: 400, msg: expect.stringMatching(/header question,option_a/) });
    expect(await importCsv(header)).toMatchObject({ httpStatus: 400, msg: 'The file has no question rows' });
    const tooMany = [header, ...Array.from({ length: 2001 }, (_, index) => `Q${index}?,a,b,c,d,A`)].join('\n');
    expect(await importCsv(tooMany)).toMatchObject({ httpStatus: 400, msg: expect.stringMatching(/At most 2000 rows/) });
    expect(await importCsv(`${header}\n${'x'.repeat(1024 * 1024 + 10)}`)).toMatchObject({ httpStatus: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((await importCsv(`${header}\nx,a,b,c,d,A`, operator.token, 'application/pdf')).httpStatus).toBe(415);
    expect(await importCsv(`${header}\nall bad,a,a,a,a,A`)).toMatchObject({ httpStatus: 200, data: { inserted: 0, rejected: [{ line: 2 }] } });
    expect(await auditCount('trivia.import')).toBe(before);
  });
});

describe('adminbroadcast', () => {
  it('sends to one member, who gets it in info on their next call; audited with the count', async () => {
    const sent = await post('adminbroadcast', { target: 'member', username: member.username, msg: 'Hello you', severity: 'success' });
    expect(sent).toMatchObject({ status: 200, data: { target: 'member', sent: 1 } });
    expect(await lastAudit('notification.broadcast')).toMatchObject({ actor_id: operator.id.toString(), target_id: member.id.toString(), after: { target: 'member', sent: 1, msg: 'Hello you' } });
    const next = await get('userdata', {}, member.token);
    expect(next.info).toEqual(expect.arrayContaining([expect.objectContaining({ msg: 'Hello you', severity: 'success' })]));
  });

  it('sends to every member of a country and to everyone with one audit row each; staff and suspended members are left out', async () => {
    const inUgx = await createMember(t, { countryId: c.ugx, status: 'inactive' });
    const suspended = await createMember(t, { countryId: c.ugx, status: 'suspended' });
    const counted = async (where: string) => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM members WHERE role = 'member' AND status <> 'suspended' ${where}`))[0]!.n);
    const beforeAudits = await auditCount('notification.broadcast');

    const country = await post('adminbroadcast', { target: 'country', country_id: c.ugx, msg: 'Hello Uganda' });
    expect(country.data).toMatchObject({ target: 'country', sent: await counted(`AND country_id = ${c.ugx}`) });
    expect(country.data.sent).toBeGreaterThanOrEqual(1);
    const everyone = await post('adminbroadcast', { target: 'everyone', msg: 'Hello all' });
    expect(everyone.data.sent).toBe(await counted(''));
    expect(await auditCount('notification.broadcast')).toBe(beforeAudits + 2);
    expect(await lastAudit('notification.broadcast')).toMatchObject({ after: { target: 'everyone', sent: everyone.data.sent } });

    const received = async (id: bigint) => (await t.sql<{ msg: string }>('SELECT msg FROM member_notifications WHERE member_id = $1 ORDER BY id', [id.toString()])).map((row) => row.msg);
    expect(await received(inUgx.id)).toEqual(['Hello Uganda', 'Hello all']);
    expect(await received(member.id)).toContain('Hello all');
    expect(await received(member.id)).not.toContain('Hello Uganda');
    expect(await received(suspended.id)).toEqual([]);
    expect(await received(operator.id)).toEqual([]);
  });

  it('refuses bad input with 400/404 and writes no audit row', async () => {
    const before = await auditCount('notification.broadcast');
    const bad: Array<[unknown, number, RegExp]> = [
      [{ target: 'member', msg: 'x' }, 400, /username is required/],
      [{ target: 'country', msg: 'x' }, 400, /Pick a country/],
      [{ target: 'planet', msg: 'x' }, 400, /member, country or everyone/],
      [{ target: 'everyone', msg: ' ' }, 400, /message is required/],
      [{ target: 'everyone', msg: 'x'.repeat(501) }, 400, /at most 500/],
      [{ target: 'everyone', msg: 'x', severity: 'loud' }, 400, /./],
      [{ target: 'member', username: 'nobody_here', msg: 'x' }, 404, /Member not found/],
      [{ target: 'country', country_id: 99999, msg: 'x' }, 404, /Country not found/],
    ];
    for (const [payload, status, message] of bad) {
      const result = await post('adminbroadcast', payload);
      expect(result.httpStatus, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(result.msg).toMatch(message);
    }
    expect(await auditCount('notification.broadcast')).toBe(before);
  });
});
