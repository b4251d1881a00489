import { describe, expect, it } from 'vitest';
import { parseTaskDates } from '@tuzo/contracts';
import { seedDemoContent } from '../src/modules/videos/demo-content.ts';
import { callAction, type TestApp } from './harness.ts';
import { createMember, type TestCountries } from './money-fixtures.ts';
import { useCountriesApp } from './countries-app.ts';

let t: TestApp;
let c: TestCountries;
useCountriesApp((app) => ({ t, c } = app));

describe('tasks (timetable)', () => {
  it('says there is nothing when the operator has no rows', async () => {
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    expect(await callAction(t.app, 'tasks', { token: m.token })).toMatchObject({
      status: 200,
      data: [],
      msg: 'No additional tasks available',
    });
  });

  it('returns the operator’s rows with adate as JSON text of a dates list, and refuses inactive members', async () => {
    await seedDemoContent(t.app.deps);
    await seedDemoContent(t.app.deps); // idempotent
    const m = await createMember(t, { countryId: c.kes, status: 'active' });
    const res = await callAction(t.app, 'tasks', { token: m.token });
    expect(res).toMatchObject({ status: 200, msg: 'Tasks loaded' });
    expect(res.data).toHaveLength(5);
    expect(res.data[0]).toEqual({ aid: expect.any(Number), aname: 'YouTube Promotion', adate: '["Wednesday", "Sunday"]' });
    expect(parseTaskDates(res.data[0].adate)).toEqual(['Wednesday', 'Sunday']);
    expect(parseTaskDates('not json')).toEqual([]);
    const inactive = await createMember(t, { countryId: c.kes });
    expect((await callAction(t.app, 'tasks', { token: inactive.token })).status).toBe(403);
    expect((await t.sql('SELECT count(*)::int AS n FROM videos'))[0]).toEqual({ n: 16 });
    expect((await t.sql('SELECT count(*)::int AS n FROM ads'))[0]).toEqual({ n: 10 });
  });
});
