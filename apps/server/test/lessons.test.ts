import { describe, expect, it } from 'vitest';
import { callAction, type TestApp } from './harness.ts';
import { createMember, type TestCountries, type TestMember } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

let t: TestApp;
let c: TestCountries;

useCountriesApp((app) => ({ t, c } = app));

const member = () => createMember(t, { countryId: c.kes, status: 'active' });
const list = (m: TestMember, kind: string) => callAction(t.app, 'lessons', { token: m.token, query: { kind } });
const enroll = (m: TestMember, payload: unknown) => callAction(t.app, 'enroll', { method: 'POST', token: m.token, payload });
const done = (m: TestMember, payload: unknown) => callAction(t.app, 'lessondone', { method: 'POST', token: m.token, payload });

describe('lessons', () => {
  it('lists the 9 forex lessons (no part 4) and the 13 crypto lessons, not enrolled, none done', async () => {
    const m = await member();
    const forex = await list(m, 'forex');
    expect(forex).toMatchObject({ status: 200, data: { kind: 'forex', enrolled: false } });
    expect(forex.data.lessons.map((l: { part: number }) => l.part)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    for (const lesson of forex.data.lessons) {
      expect(Object.keys(lesson).sort()).toEqual(['done', 'id', 'link', 'part', 'summary', 'title']);
      expect(lesson).toMatchObject({ done: false, link: null });
      expect(lesson.title.length).toBeGreaterThan(3);
      expect(lesson.summary.length).toBeGreaterThan(100);
    }
    const crypto = await list(m, 'crypto');
    expect(crypto.data.lessons.map((l: { part: number }) => l.part)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it.each([[{}], [{ kind: 'stocks' }], [{ kind: '' }]])('refuses lessons with %j', async (query) => {
    const m = await member();
    const res = await callAction(t.app, 'lessons', { token: m.token, query: query as Record<string, string> });
    expect(res).toMatchObject({ status: 400, resultcode: false });
  });

  it('refuses inactive members and visitors', async () => {
    const inactive = await createMember(t, { countryId: c.kes });
    expect((await list(inactive, 'forex')).status).toBe(403);
    expect((await enroll(inactive, { kind: 'forex' })).status).toBe(403);
    expect((await callAction(t.app, 'lessons', { query: { kind: 'forex' } })).status).toBe(401);
  });

  it('enrols (twice is harmless), marks lessons done and not done, and shows the progress', async () => {
    const m = await member();
    const lessons = (await list(m, 'forex')).data.lessons as { id: string }[];
    const first = lessons[0]!.id;
    expect(await done(m, { id: first })).toMatchObject({ status: 403, msg: 'Enroll in the Forex course first.' });

    expect(await enroll(m, { kind: 'forex' })).toMatchObject({
      status: 200,
      data: { kind: 'forex', enrolled: true },
      msg: 'You are enrolled in the Forex course',
    });
    expect(await enroll(m, { kind: 'forex' })).toMatchObject({ status: 200 });
    expect((await list(m, 'forex')).data.enrolled).toBe(true);
    expect((await list(m, 'crypto')).data.enrolled).toBe(false);

    expect(await done(m, { id: first })).toMatchObject({
      status: 200,
      data: { id: first, kind: 'forex', done: true, doneCount: 1, total: 9 },
      msg: '1 of 9 lessons done',
    });
    expect(await done(m, { id: Number(lessons[1]!.id) })).toMatchObject({ data: { doneCount: 2 } });
    expect(await done(m, { id: first })).toMatchObject({ data: { doneCount: 2 } });
    const after = (await list(m, 'forex')).data.lessons as { done: boolean }[];
    expect(after.map((l) => l.done)).toEqual([true, true, false, false, false, false, false, false, false]);
    expect(await done(m, { id: first, done: false })).toMatchObject({ data: { done: false, doneCount: 1 } });

    // Another member's marks are their own; a crypto lesson needs the crypto enrolment.
    const other = await member();
    expect((await list(other, 'forex')).data.lessons.every((l: { done: boolean }) => !l.done)).toBe(true);
    const cryptoLesson = ((await list(m, 'crypto')).data.lessons as { id: string }[])[0]!.id;
    expect(await done(m, { id: cryptoLesson })).toMatchObject({ status: 403, msg: 'Enroll in the Crypto course first.' });
  });

  it.each([
    [{ kind: 'stocks' }, 'enroll'],
    [{}, 'enroll'],
    [{ id: 'abc' }, 'lessondone'],
    [{}, 'lessondone'],
    [{ id: '1', done: 'yes' }, 'lessondone'],
  ])('refuses %j for %s with 400', async (payload, action) => {
    const m = await member();
    expect(await callAction(t.app, action, { method: 'POST', token: m.token, payload })).toMatchObject({ status: 400 });
  });

  it('answers 404 for an unknown lesson', async () => {
    const m = await member();
    await enroll(m, { kind: 'forex' });
    expect(await done(m, { id: '999999' })).toMatchObject({ status: 404, msg: 'Lesson not found' });
  });
});
