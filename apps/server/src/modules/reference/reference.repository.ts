import type pg from 'pg';

export interface CountryReferenceRow {
  id: number;
  name: string;
  abbreviation: string;
  currency: string;
  rate_micro: string;
  creg_minor: string | null;
  min_with_minor: string | null;
  /** [min, max, tariff] local minor units as text, by min. */
  tariff: [string, string, string][] | null;
}

/**
 * Every country with its fee row and tariff brackets, and every setting, with the reference version they were read
 * at, in one statement (one snapshot, so the version matches the rows).
 */
export async function selectReferenceData(
  pool: pg.Pool,
): Promise<{ version: string; countries: CountryReferenceRow[]; settings: Record<string, unknown> }> {
  const result = await pool.query<{
    version: string;
    countries: CountryReferenceRow[] | null;
    settings: Record<string, unknown> | null;
  }>(`
    SELECT (SELECT version::text FROM reference_version WHERE id) AS version,
           (SELECT json_agg(json_build_object(
              'id', c.id, 'name', c.name, 'abbreviation', c.abbreviation, 'currency', c.currency,
              'rate_micro', c.rate_micro::text, 'creg_minor', f.creg_minor::text, 'min_with_minor', f.min_with_minor::text,
              'tariff', (SELECT json_agg(json_build_array(b.min_minor::text, b.max_minor::text, b.tariff_minor::text) ORDER BY b.min_minor, b.id)
                           FROM tariff_brackets b WHERE b.country_id = c.id)))
              FROM countries c LEFT JOIN country_fees f ON f.country_id = c.id) AS countries,
           (SELECT json_object_agg(s.key, s.value) FROM settings s) AS settings`);
  const row = result.rows[0];
  if (!row) throw new Error('reference data query returned no row');
  return { version: row.version, countries: row.countries ?? [], settings: row.settings ?? {} };
}
