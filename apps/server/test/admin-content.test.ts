import { describe, expect, it } from 'vitest';
import { auditCount, lastAudit } from './audit-fixtures.ts';
import { callAction } from './harness.ts';
import { createMember } from './money-fixtures.ts';
import { useCountriesApp, useMember } from './countries-app.ts';

const { t, c } = useCountriesApp();
const operator = useMember({ t, c }, { status: 'active', role: 'operator' });
const support = useMember({ t, c }, { status: 'active', role: 'support' });
const member = useMember({ t, c }, { status: 'active' });

const post = (action: string, payload: unknown, token = operator.token) =>
  callAction(t.app, action, { method: 'POST', token, payload });
const get = (action: string, query: Record<string, string>, token = operator.token) =>
  callAction(t.app, action, { method: 'GET', token, query });
/** POSTs a raw body (a file, not the action endpoint's JSON) to `url`: the envelope with the HTTP status. */
const postRaw = async (url: string, payload: Buffer | string, token: string, contentType: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { httpStatus: response.statusCode, ...(response.json() as { msg: string; code: string | null; data: any }) };
};
const importCsv = (csv: string, token = operator.token, contentType = 'text/csv') =>
  postRaw('/api/admin/trivia/import', csv, token, contentType);

const QUESTION = {
  question: 'Which is the capital of Kenya?',
  options: ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru'],
  correct: 1,
  active: true,
};

describe('access', () => {
  it.each(['admintriviasave', 'admintriviaretire', 'adminbroadcast'])(
    '%s is for operators: support 403, member 403, visitor 401',
    async (action) => {
      expect((await post(action, {}, support.token)).code).toBe('FORBIDDEN');
      expect((await post(action, {}, member.token)).code).toBe('FORBIDDEN');
      expect((await post(action, {}, '')).code).toBe('UNAUTHORIZED');
    },
  );
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
    expect(added).toMatchObject({
      status: 200,
      msg: 'Question added',
      data: { question: QUESTION.question, options: QUESTION.options, correct: 1, active: true },
    });
    const id = added.data.id as string;
    expect(await lastAudit(t, 'trivia.add')).toMatchObject({
      actor_id: operator.id.toString(),
      target_id: id,
      before: null,
      after: { question: QUESTION.question, correct: 1 },
      ip: expect.any(String),
    });

    const edited = await post('admintriviasave', {
      ...QUESTION,
      id,
      question: 'Which city is the capital of Kenya?',
      correct: 1,
    });
    expect(edited).toMatchObject({
      status: 200,
      msg: 'Question saved',
      data: { id, question: 'Which city is the capital of Kenya?' },
    });
    expect(await lastAudit(t, 'trivia.edit')).toMatchObject({
      target_id: id,
      before: { question: QUESTION.question },
      after: { question: 'Which city is the capital of Kenya?' },
    });

    expect(await post('admintriviaretire', { id, active: false })).toMatchObject({ status: 200, data: { active: false } });
    expect(await lastAudit(t, 'trivia.retire')).toMatchObject({
      target_id: id,
      before: { active: true },
      after: { active: false },
    });
    expect((await post('admintriviaretire', { id, active: false })).code).toBe('CONFLICT');
    const activeIds = await t.sql<{ id: string }>('SELECT id::text FROM trivia_questions WHERE active');
    expect(activeIds.map((row) => row.id)).not.toContain(id);
    expect(await post('admintriviaretire', { id, active: true })).toMatchObject({ status: 200, data: { active: true } });
    expect(await lastAudit(t, 'trivia.restore')).toMatchObject({ target_id: id, after: { active: true } });
  });

  it('refuses bad questions with 400 and a clear message, writing nothing', async () => {
    const before = await auditCount(t, 'trivia.add');
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
    expect(await auditCount(t, 'trivia.add')).toBe(before);
  });

  it('lists newest first with search, status filter and paging', async () => {
    const marker = `Zebra-${Date.now()}`;
    const first = await post('admintriviasave', { ...QUESTION, question: `${marker} one 50%?` });
    const second = await post('admintriviasave', { ...QUESTION, question: `${marker} two?`, active: false });
    const all = await get('admintrivia', { q: marker.toLowerCase() });
    expect(all.data).toMatchObject({ total: 2, rows: [{ id: second.data.id }, { id: first.data.id }] });
    expect((await get('admintrivia', { q: marker, status: 'retired' })).data.rows.map((row: { id: string }) => row.id)).toEqual([
      second.data.id,
    ]);
    expect((await get('admintrivia', { q: marker, status: 'active' })).data.rows.map((row: { id: string }) => row.id)).toEqual([
      first.data.id,
    ]);
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
    expect(await lastAudit(t, 'trivia.import')).toMatchObject({
      actor_id: operator.id.toString(),
      after: { inserted: 4, rejected: 4, rejected_lines: [4, 5, 6, 7] },
    });
  });

  it('refuses a wrong header, an empty file, too many rows and a body over 1 MB; nothing is inserted or audited', async () => {
    const before = await auditCount(t, 'trivia.import');
    expect(await importCsv('q,a,b,c,d,correct\nx,a,b,c,d,A')).toMatchObject({
      httpStatus: 400,
      msg: expect.stringMatching(/header question,option_a/),
    });
    expect(await importCsv(header)).toMatchObject({ httpStatus: 400, msg: 'The file has no question rows' });
    const tooMany = [header, ...Array.from({ length: 2001 }, (_, index) => `Q${index}?,a,b,c,d,A`)].join('\n');
    expect(await importCsv(tooMany)).toMatchObject({ httpStatus: 400, msg: expect.stringMatching(/At most 2000 rows/) });
    expect(await importCsv(`${header}\n${'x'.repeat(1024 * 1024 + 10)}`)).toMatchObject({
      httpStatus: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect((await importCsv(`${header}\nx,a,b,c,d,A`, operator.token, 'application/pdf')).httpStatus).toBe(415);
    expect(await importCsv(`${header}\nall bad,a,a,a,a,A`)).toMatchObject({
      httpStatus: 200,
      data: { inserted: 0, rejected: [{ line: 2 }] },
    });
    expect(await auditCount(t, 'trivia.import')).toBe(before);
  });
});

describe('adminbroadcast', () => {
  it('sends to one member, who gets it in info on their next call; audited with the count', async () => {
    const sent = await post('adminbroadcast', {
      target: 'member',
      username: member.username,
      msg: 'Hello you',
      severity: 'success',
    });
    expect(sent).toMatchObject({ status: 200, data: { target: 'member', sent: 1 } });
    expect(await lastAudit(t, 'notification.broadcast')).toMatchObject({
      actor_id: operator.id.toString(),
      target_id: member.id.toString(),
      after: { target: 'member', sent: 1, msg: 'Hello you' },
    });
    const next = await get('userdata', {}, member.token);
    expect(next.info).toEqual(expect.arrayContaining([expect.objectContaining({ msg: 'Hello you', severity: 'success' })]));
  });

  it('sends to every member of a country and to everyone with one audit row each; staff and suspended members are left out', async () => {
    const inUgx = await createMember(t, { countryId: c.ugx, status: 'inactive' });
    const suspended = await createMember(t, { countryId: c.ugx, status: 'suspended' });
    const counted = async (where: string) =>
      Number(
        (
          await t.sql<{ n: string }>(
            `SELECT count(*)::text AS n FROM members WHERE role = 'member' AND status <> 'suspended' ${where}`,
          )
        )[0]!.n,
      );
    const beforeAudits = await auditCount(t, 'notification.broadcast');

    const country = await post('adminbroadcast', { target: 'country', country_id: c.ugx, msg: 'Hello Uganda' });
    expect(country.data).toMatchObject({ target: 'country', sent: await counted(`AND country_id = ${c.ugx}`) });
    expect(country.data.sent).toBeGreaterThanOrEqual(1);
    const everyone = await post('adminbroadcast', { target: 'everyone', msg: 'Hello all' });
    expect(everyone.data.sent).toBe(await counted(''));
    expect(await auditCount(t, 'notification.broadcast')).toBe(beforeAudits + 2);
    expect(await lastAudit(t, 'notification.broadcast')).toMatchObject({
      after: { target: 'everyone', sent: everyone.data.sent },
    });

    const received = async (id: bigint) =>
      (
        await t.sql<{ msg: string }>('SELECT msg FROM member_notifications WHERE member_id = $1 ORDER BY id', [id.toString()])
      ).map((row) => row.msg);
    expect(await received(inUgx.id)).toEqual(['Hello Uganda', 'Hello all']);
    expect(await received(member.id)).toContain('Hello all');
    expect(await received(member.id)).not.toContain('Hello Uganda');
    expect(await received(suspended.id)).toEqual([]);
    expect(await received(operator.id)).toEqual([]);
  });

  it('refuses bad input with 400/404 and writes no audit row', async () => {
    const before = await auditCount(t, 'notification.broadcast');
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
    expect(await auditCount(t, 'notification.broadcast')).toBe(before);
  });
});

describe('videos', () => {
  const VIDEO = {
    task: 'youtube',
    title: 'How to save',
    url: 'https://www.youtube.com/watch?v=abc123',
    price: '7.50',
    active: true,
  };

  it('adds, edits, retires and restores; lists by task and state; each change audited', async () => {
    const added = await post('adminvideosave', VIDEO);
    expect(added).toMatchObject({
      status: 200,
      data: { task: 'youtube', source: 'youtube', title: 'How to save', price: '7.50', active: true },
    });
    const id = added.data.id as string;
    expect(await lastAudit(t, 'video.add')).toMatchObject({
      actor_id: operator.id.toString(),
      target_id: id,
      after: { price: '7.50' },
    });
    const edited = await post('adminvideosave', {
      ...VIDEO,
      id,
      task: 'tiktok',
      url: '/media/demo/videos/tiktok-01.webm',
      price: '3',
    });
    expect(edited.data).toMatchObject({ id, task: 'tiktok', source: 'file', price: '3.00' });
    expect(await lastAudit(t, 'video.edit')).toMatchObject({
      target_id: id,
      before: { price_minor: '750' },
      after: { price: '3.00' },
    });
    expect((await post('adminvideoretire', { id, active: false })).data.active).toBe(false);
    expect(await lastAudit(t, 'video.retire')).toMatchObject({ target_id: id, after: { active: false } });
    expect((await post('adminvideoretire', { id, active: false })).code).toBe('CONFLICT');
    expect(
      (await get('adminvideos', { task: 'tiktok', status: 'retired' }, support.token)).data.rows.map(
        (row: { id: string }) => row.id,
      ),
    ).toContain(id);
    expect((await get('adminvideos', { task: 'youtube' })).data.rows.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await post('adminvideoretire', { id, active: true })).data.active).toBe(true);
  });

  it('refuses bad videos with 400 and no audit row', async () => {
    const before = await auditCount(t, 'video.add');
    const bad: Array<[unknown, RegExp]> = [
      [{ ...VIDEO, url: 'http://www.youtube.com/watch?v=x' }, /https:\/\/ link or a file/],
      [{ ...VIDEO, url: 'https://example.com/video.mp4' }, /YouTube or TikTok/],
      [{ ...VIDEO, url: '/media/demo/videos/missing.webm' }, /No such file/],
      [{ ...VIDEO, url: '/media/../package.json' }, /https:\/\/ link or a file/],
      [{ ...VIDEO, price: '0' }, /above zero/],
      [{ ...VIDEO, price: '1.234' }, /decimal/],
      [{ ...VIDEO, price: 5 }, /price/],
      [{ ...VIDEO, task: 'vimeo' }, /youtube or tiktok/],
      [{ ...VIDEO, title: '' }, /title is required/],
    ];
    for (const [payload, message] of bad) {
      const result = await post('adminvideosave', payload);
      expect(result.httpStatus, JSON.stringify(payload)).toBe(400);
      expect(result.msg).toMatch(message);
    }
    expect((await post('adminvideosave', { ...VIDEO, id: '999999' })).code).toBe('NOT_FOUND');
    expect(await auditCount(t, 'video.add')).toBe(before);
  });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const upload = (body: Buffer | string, token = operator.token, contentType = 'application/octet-stream') =>
  postRaw('/api/admin/upload', body, token, contentType);

describe('ads and image upload', () => {
  it('uploads a PNG (type by its bytes, random name, served under /media/uploads/) and saves an ad with it; audited', async () => {
    const uploaded = await upload(PNG, operator.token, 'image/png');
    expect(uploaded).toMatchObject({
      httpStatus: 200,
      data: { type: 'image/png', bytes: PNG.length, url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}\.png$/) },
    });
    expect(await lastAudit(t, 'media.upload')).toMatchObject({
      actor_id: operator.id.toString(),
      after: { url: uploaded.data.url },
    });
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const ad = await post('adminadsave', { name: 'Jua Lamps', image_url: uploaded.data.url, link: 'https://jua.example/lamps' });
    expect(ad).toMatchObject({
      status: 200,
      data: { name: 'Jua Lamps', image_url: uploaded.data.url, link: 'https://jua.example/lamps', active: true },
    });
    expect(await lastAudit(t, 'ad.add')).toMatchObject({ target_id: ad.data.id, after: { name: 'Jua Lamps' } });
    const edited = await post('adminadsave', { id: ad.data.id, name: 'Jua Solar', image_url: 'https://cdn.example/ad.webp' });
    expect(edited.data).toMatchObject({ name: 'Jua Solar', link: null });
    expect(await lastAudit(t, 'ad.edit')).toMatchObject({ before: { name: 'Jua Lamps' }, after: { name: 'Jua Solar' } });
    expect((await post('adminadretire', { id: ad.data.id, active: false })).data.active).toBe(false);
    expect(await lastAudit(t, 'ad.retire')).toMatchObject({ target_id: ad.data.id });
    expect(
      (await get('adminads', { status: 'retired' }, support.token)).data.rows.map((row: { id: string }) => row.id),
    ).toContain(ad.data.id);
    // Newest first by number, not by text ("10" after "9").
    for (let index = 0; index < 10; index += 1)
      await post('adminadsave', { name: `Filler ${index}`, image_url: 'https://cdn.example/f.png' });
    const ids = (await get('adminads', {})).data.rows.map((row: { id: string }) => BigInt(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('refuses SVG, other files, empty and oversize bodies, and non-operators', async () => {
    const before = await auditCount(t, 'media.upload');
    expect(
      await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', operator.token, 'image/svg+xml'),
    ).toMatchObject({ httpStatus: 415 });
    expect(await upload(Buffer.from('GIF89a......'), operator.token, 'image/png')).toMatchObject({
      httpStatus: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await upload(Buffer.alloc(0))).toMatchObject({ httpStatus: 400 });
    expect(await upload(Buffer.concat([PNG, Buffer.alloc(512 * 1024)]))).toMatchObject({
      httpStatus: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect((await upload(PNG, support.token)).code).toBe('FORBIDDEN');
    expect((await upload(PNG, '')).code).toBe('UNAUTHORIZED');
    expect(await auditCount(t, 'media.upload')).toBe(before);
  });

  it('refuses bad ads with 400', async () => {
    const before = await auditCount(t, 'ad.add');
    const bad: Array<[unknown, RegExp]> = [
      [{ name: 'x', image_url: 'javascript:alert(1)' }, /https:\/\/ link or a file/],
      [{ name: 'x', image_url: '/media/uploads/nothing.png' }, /No such file/],
      [{ name: 'x', image_url: 'https://cdn.example/a.png', link: 'http://plain.example' }, /https:\/\//],
      [{ name: '', image_url: 'https://cdn.example/a.png' }, /name is required/],
    ];
    for (const [payload, message] of bad) {
      const result = await post('adminadsave', payload);
      expect(result.httpStatus, JSON.stringify(payload)).toBe(400);
      expect(result.msg).toMatch(message);
    }
    expect((await post('adminadretire', { id: '999999', active: false })).code).toBe('NOT_FOUND');
    expect(await auditCount(t, 'ad.add')).toBe(before);
  });
});

describe('timetable', () => {
  it('adds, edits and deletes rows, audited; members see active rows only', async () => {
    const added = await post('admintimetablesave', { name: 'Bonus Friday', dates: ['Friday', '2026-12-24'], sort_order: 3 });
    expect(added).toMatchObject({
      status: 200,
      data: { name: 'Bonus Friday', dates: ['Friday', '2026-12-24'], sort_order: 3, active: true },
    });
    const id = added.data.id as number;
    expect(await lastAudit(t, 'timetable.add')).toMatchObject({ target_id: String(id), after: { name: 'Bonus Friday' } });
    expect((await post('admintimetablesave', { id, name: 'Bonus Friday', dates: ['Friday'], active: false })).data).toMatchObject(
      { dates: ['Friday'], active: false },
    );
    expect(await lastAudit(t, 'timetable.edit')).toMatchObject({
      before: { dates: ['Friday', '2026-12-24'] },
      after: { active: false },
    });
    expect((await get('admintimetable', {}, support.token)).data.rows.map((row: { id: number }) => row.id)).toContain(id);
    expect(await post('admintimetabledelete', { id })).toMatchObject({ status: 200, data: { id } });
    expect(await lastAudit(t, 'timetable.delete')).toMatchObject({ target_id: String(id), before: { name: 'Bonus Friday' } });
    expect((await post('admintimetabledelete', { id })).code).toBe('NOT_FOUND');
  });

  it('refuses bad rows with 400', async () => {
    for (const payload of [
      { name: 'x', dates: [] },
      { name: 'x', dates: ['Someday'] },
      { name: '', dates: ['Monday'] },
      { name: 'x', dates: 'Monday' },
    ]) {
      expect((await post('admintimetablesave', payload)).httpStatus, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('admintimetabledelete', { id: 'x' })).httpStatus).toBe(400);
  });
});

describe('lessons', () => {
  it('adds and edits lessons, audited; a kind and part already taken is a conflict', async () => {
    const added = await post('adminlessonsave', {
      kind: 'forex',
      part: 42,
      title: 'Risk',
      summary: 'Never risk more than you can lose.',
      link: 'https://learn.example/risk',
    });
    expect(added).toMatchObject({ status: 200, data: { kind: 'forex', part: 42, title: 'Risk', active: true } });
    expect(await lastAudit(t, 'lesson.add')).toMatchObject({ target_id: added.data.id, after: { part: 42 } });
    const edited = await post('adminlessonsave', {
      id: added.data.id,
      kind: 'forex',
      part: 42,
      title: 'Risk basics',
      summary: 'Size positions.',
      active: false,
    });
    expect(edited.data).toMatchObject({ title: 'Risk basics', link: null, active: false });
    expect(await lastAudit(t, 'lesson.edit')).toMatchObject({ before: { title: 'Risk' }, after: { title: 'Risk basics' } });
    expect((await post('adminlessonsave', { kind: 'forex', part: 42, title: 'Again', summary: 'x' })).code).toBe('CONFLICT');
    const other = await post('adminlessonsave', { kind: 'forex', part: 43, title: 'Other', summary: 'x' });
    expect(
      (await post('adminlessonsave', { id: other.data.id, kind: 'forex', part: 42, title: 'Other', summary: 'x' })).code,
    ).toBe('CONFLICT');
    const listed = await get('adminlessons', { kind: 'forex' }, support.token);
    expect(listed.data.rows.map((row: { part: number }) => row.part)).toEqual(expect.arrayContaining([42, 43]));
    expect(listed.data.rows.every((row: { kind: string }) => row.kind === 'forex')).toBe(true);
  });

  it('two operators moving different lessons onto one part at once: one wins, the other is a conflict, never a 500', async () => {
    const first = await post('adminlessonsave', { kind: 'crypto', part: 71, title: 'First', summary: 'x' });
    const second = await post('adminlessonsave', { kind: 'crypto', part: 72, title: 'Second', summary: 'x' });
    for (let round = 0; round < 5; round += 1) {
      const part = 80 + round;
      const answers = await Promise.all([
        post('adminlessonsave', { id: first.data.id, kind: 'crypto', part, title: 'First', summary: 'x' }),
        post('adminlessonsave', { id: second.data.id, kind: 'crypto', part, title: 'Second', summary: 'x' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    }
  });

  it('refuses bad lessons with 400', async () => {
    for (const payload of [
      { kind: 'stocks', part: 1, title: 'x', summary: 'x' },
      { kind: 'forex', part: 100, title: 'x', summary: 'x' },
      { kind: 'forex', part: 1, title: '', summary: 'x' },
      { kind: 'forex', part: 1, title: 'x', summary: 'x'.repeat(4001) },
      { kind: 'forex', part: 1, title: 'x', summary: 'x', link: 'ftp://x' },
    ]) {
      expect((await post('adminlessonsave', payload)).httpStatus, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await post('adminlessonsave', { id: '999999', kind: 'forex', part: 1, title: 'x', summary: 'x' })).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('content access', () => {
  it.each([
    'adminvideosave',
    'adminvideoretire',
    'adminadsave',
    'adminadretire',
    'admintimetablesave',
    'admintimetabledelete',
    'adminlessonsave',
  ])('%s is for operators', async (action) => {
    expect((await post(action, {}, support.token)).code).toBe('FORBIDDEN');
    expect((await post(action, {}, member.token)).code).toBe('FORBIDDEN');
  });
  it.each(['adminvideos', 'adminads', 'admintimetable', 'adminlessons'])('%s is read by support, not members', async (action) => {
    expect((await get(action, {}, support.token)).status).toBe(200);
    expect((await get(action, {}, member.token)).code).toBe('FORBIDDEN');
  });
});
