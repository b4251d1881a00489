import type pg from 'pg';
import type { buildApp } from '../../apps/server/src/app.ts';
import { recordSignals } from '../../apps/server/src/modules/fraud-signals/index.ts';
import type { PlannedEvent, Population } from './events.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Inserts the population into `members` in one statement (ids in join order, sponsors as registration sets them:
 * l1 the sponsor or the house account, l2 and l3 the sponsor's own l1 and l2), activated members active from their
 * activation event. Returns each person's member id by person index.
 */
export async function insertMembers(db: pg.Pool, population: Population): Promise<bigint[]> {
  const { people, events } = population;
  const house = await db.query<{ id: string }>(`SELECT id FROM members WHERE is_house LIMIT 1`);
  const kenya = await db.query<{ id: number }>(`SELECT id FROM countries WHERE abbreviation = 'KE'`);
  const houseId = BigInt(house.rows[0]!.id);
  const base = BigInt((await db.query<{ id: string }>(`SELECT COALESCE(max(id), 0) + 1 AS id FROM members`)).rows[0]!.id);
  const order = people.map((person) => person.index).sort((a, b) => people[a]!.joinedAt - people[b]!.joinedAt || a - b);
  const ids: bigint[] = [];
  for (const [rank, index] of order.entries()) ids[index] = base + BigInt(rank);
  const activated = new Map<number, number>();
  for (const event of events) if (event.event === 'activation') activated.set(event.person, event.at);
  const uplines: Array<[bigint, bigint | null, bigint | null]> = [];
  for (const index of order) {
    const sponsor = people[index]!.sponsor;
    const above = sponsor === null ? null : uplines[sponsor]!;
    uplines[index] = above ? [ids[sponsor!]!, above[0], above[1]] : [houseId, null, null];
  }
  const column = <T>(pick: (index: number) => T) => order.map(pick);
  await db.query(
    `INSERT INTO members (id, username, email, phone, password_hash, country_id, l1_id, l2_id, l3_id, status, joined_at, activated_at)
     SELECT id, username, email, phone, 'x', $1, l1, l2, l3, CASE WHEN activated IS NULL THEN 'inactive' ELSE 'active' END,
            joined, activated
     FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[],
                 $9::timestamptz[], $10::timestamptz[]) AS s (id, username, email, phone, l1, l2, l3, joined, activated)
     ORDER BY id`,
    [
      kenya.rows[0]!.id,
      column((i) => ids[i]!.toString()),
      column((i) => people[i]!.username),
      column((i) => people[i]!.email),
      column((i) => `+${people[i]!.phone}`),
      column((i) => uplines[i]![0].toString()),
      column((i) => uplines[i]![1]?.toString() ?? null),
      column((i) => uplines[i]![2]?.toString() ?? null),
      column((i) => new Date(people[i]!.joinedAt)),
      column((i) => (activated.has(i) ? new Date(activated.get(i)!) : null)),
    ],
  );
  await db.query(`SELECT setval('members_id_seq', (SELECT max(id) FROM members))`);
  await db.query(`ANALYZE members`);
  return ids;
}

/**
 * Feeds every event, in time order, through the detector's front door, one transaction each as a collection point
 * would, WORKERS at a time (a member's events never overlap: the next waits for the one before). Returns seconds.
 */
export async function replayEvents(app: App, population: Population, ids: bigint[], workers: number): Promise<number> {
  const started = performance.now();
  const busy = new Map<number, Promise<void>>();
  let next = 0;
  const one = async (event: PlannedEvent) => {
    await app.deps.db.transaction(async (tx) => {
      // What is found is measured here, not the commit: no flush to disk per event (the HTTP part keeps the default).
      await tx.execute('SET LOCAL synchronous_commit TO off');
      await recordSignals(tx, app.deps, {
        memberId: ids[event.person]!,
        event: event.event,
        at: new Date(event.at),
        signals: event.signals,
      });
    });
  };
  const worker = async () => {
    while (next < population.events.length) {
      const done = next;
      const event = population.events[next++]!;
      const before = busy.get(event.person);
      const run = (before ?? Promise.resolve()).then(() => one(event));
      busy.set(event.person, run);
      await run;
      if (busy.get(event.person) === run) busy.delete(event.person);
      if ((done + 1) % 10_000 === 0) {
        console.log(
          `  ${done + 1} of ${population.events.length} events, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return (performance.now() - started) / 1000;
}
