import { CountrySchema } from '@tuzo/contracts';
import { describe, expect, it } from 'vitest';
import { callAction } from './harness.ts';
import { useTestApp } from './before-all.ts';

const t = useTestApp();

describe('populateCountrys', () => {
  it('lists the seeded countries with dial, abbreviation and currency, International last', async () => {
    const res = await callAction(t.app, 'populateCountrys');
    expect(res).toMatchObject({ status: 200, resultcode: true });
    const list = CountrySchema.array().parse(res.data);
    expect(list.map((c) => c.abrv)).toEqual(['KE', 'UG', 'TZ', 'NG', 'INT']);
    expect(list[0]).toMatchObject({ country: 'Kenya', dial: '+254', abrv: 'KE', currency: 'KES' });
    expect(list.at(-1)).toMatchObject({ country: 'International', dial: '+1', currency: 'USD' });
    expect(list.every((c) => /^\d+$/.test(c.id))).toBe(true);
  });

  it('answers POST too', async () => {
    const res = await callAction(t.app, 'populateCountrys', { method: 'POST', payload: {} });
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(5);
  });

  it('leaves out disabled countries and countries without a fee row, and keeps International last', async () => {
    await t.sql("UPDATE countries SET enabled = false WHERE abbreviation = 'NG'");
    await t.sql(
      "INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, sort_order) VALUES ('Rwanda', '+250', 'RW', 'RWF', 10000000, 5000)",
    );
    await t.sql(
      "INSERT INTO countries (name, dial, abbreviation, currency, rate_micro, sort_order) VALUES ('Zambia', '+260', 'ZM', 'ZMW', 200000, 5000)",
    );
    await t.sql(
      "INSERT INTO country_fees (country_id, creg_minor, fl1_minor, fl2_minor, fl3_minor, cbonus_minor, min_with_minor) SELECT id, 100, 50, 30, 10, 20, 40 FROM countries WHERE abbreviation = 'ZM'",
    );
    const res = await callAction(t.app, 'populateCountrys');
    expect(res.data.map((c: { abrv: string }) => c.abrv)).toEqual(['KE', 'UG', 'TZ', 'ZM', 'INT']);
    await t.sql("UPDATE countries SET enabled = true WHERE abbreviation = 'NG'");
  });
});
