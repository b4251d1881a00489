import type pg from 'pg';
import { selectReferenceData, type CountryReferenceRow } from './reference.repository.ts';

export interface ReferenceData {
  version: string;
  countries: Map<number, CountryReferenceRow>;
  /** Raw JSON values by key; read them through the settings registry (`parseSettings`). */
  settings: Record<string, unknown>;
}

/**
 * This process's copy of the reference data (settings, countries, fee rows, tariff brackets). Hot queries read the
 * one-row `reference_version` (bumped by a trigger on any change, migration 0080) and call `at(version)`: the copy
 * is reloaded only when the version moved, so a change is seen by the first request after it commits, in every
 * process, and a poll never aggregates settings and tariffs again (docs/decisions/011-fast-userdata.md).
 */
export class ReferenceCache {
  private current: ReferenceData | null = null;
  private loading: Promise<ReferenceData> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** The reference data at `version` (or newer). */
  async at(version: string): Promise<ReferenceData> {
    if (this.current && BigInt(this.current.version) >= BigInt(version)) return this.current;
    if (!this.loading) {
      this.loading = selectReferenceData(this.pool)
        .then((loaded) => {
          const data: ReferenceData = {
            version: loaded.version,
            countries: new Map(loaded.countries.map((row) => [row.id, row])),
            settings: loaded.settings,
          };
          this.current = data;
          return data;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    const data = await this.loading;
    // A load that started before the change can predate `version`: load once more.
    return BigInt(data.version) >= BigInt(version) ? data : this.at(version);
  }
}
