/**
 * The ledger core on its own: `ledger_record_movement(jsonb)` (migration 0521) called directly in SQL, no HTTP and
 * no app code in the loop, with the payload `payforclient_pay` builds for it (decision 065): the payer's Deposit
 * wallet -> the client's Deposit wallet, converted from 1.00 in the payer's currency, the client locked FOR SHARE and
 * required inactive, the `transfers` business row, a fresh idempotency key per call. One connection per client, each
 * its own payer/client pair (as the HTTP load), the named statement the app uses.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { localToSystemMinor, parseDbMinor } from '@tuzo/contracts';
import { observeTime, printTimeProfile } from '../lib/where-time-goes.ts';
import { measure, openClients, type Result } from './measure.ts';

export const SQL_MOVEMENT = 'SQL ledger_record_movement';
/** 1.00 in the payer's currency, as the HTTP load pays (`amount: '1.00'`). */
const AMOUNT_LOCAL_MINOR = 100n;

export interface MovementPair {
  payerId: string;
  clientId: string;
  clientUsername: string;
  currency: string;
  rateMicro: bigint;
}

/** The seeded pairs with the client's id and the payer's currency, read once before the loop. */
export async function movementPairs(
  sql: pg.Pool,
  pairs: readonly { payerId: string; client: string }[],
): Promise<MovementPair[]> {
  const rows = await sql.query<{ payer_id: string; client_id: string; username: string; currency: string; rate: string }>(
    `SELECT p.id::text AS payer_id, k.id::text AS client_id, k.username, c.currency, c.rate_micro::text AS rate
     FROM members k JOIN members p ON p.id = k.l1_id JOIN countries c ON c.id = p.country_id
     WHERE k.username = ANY($1::text[])`,
    [pairs.map((pair) => pair.client)],
  );
  return pairs.map((pair) => {
    const row = rows.rows.find((r) => r.username === pair.client && r.payer_id === pair.payerId);
    if (!row) throw new Error(`No seeded client ${pair.client}`);
    return {
      payerId: row.payer_id,
      clientId: row.client_id,
      clientUsername: row.username,
      currency: row.currency,
      rateMicro: parseDbMinor(row.rate),
    };
  });
}

/** The jsonb `recordMovement` sends for one `payforclient` payment (bigints as text, as its toJson writes them). */
export function movementPayload(pair: MovementPair, key: string, at: string): string {
  const system = localToSystemMinor(AMOUNT_LOCAL_MINOR, pair.rateMicro).toString();
  const legs = [
    { code: `member:${pair.payerId}:deposit`, amount: `-${system}` },
    { code: `member:${pair.clientId}:deposit`, amount: system },
  ];
  return JSON.stringify({
    key,
    kind: 'pay_for_client',
    member_id: pair.payerId,
    memo: `Pay for client ${pair.clientUsername} from Deposit wallet`,
    reverses_id: null,
    rate_micro: pair.rateMicro.toString(),
    local_amount_minor: AMOUNT_LOCAL_MINOR.toString(),
    local_currency: pair.currency,
    at,
    request: { wallet: 'deposit', amountLocalMinor: AMOUNT_LOCAL_MINOR.toString(), clientId: pair.clientId },
    legs,
    guard: { member_id: pair.clientId, statuses: ['inactive'], lock: 'share' },
    business: {
      table: 'transfers',
      transaction_column: 'transaction_id',
      row: {
        payer_id: pair.payerId,
        client_id: pair.clientId,
        wallet: 'deposit',
        amount_local_minor: AMOUNT_LOCAL_MINOR.toString(),
        currency: pair.currency,
        rate_micro: pair.rateMicro.toString(),
        amount_system_minor: system,
        status: 2,
        idempotency_key: key,
        created_at: at,
      },
    },
  });
}

/** `clients` connections each calling the movement function for its own pair; a profile at 16 clients when asked. */
export async function sqlMovementLoop(
  url: string,
  pairs: readonly MovementPair[],
  clients: number,
  profile: { dataDir: string } | null = null,
): Promise<Result> {
  const connections = await openClients(url, clients);
  const stopTime = profile ? await observeTime({ databaseUrl: url, dataDir: profile.dataDir }) : null;
  const run = randomBytes(4).toString('hex');
  const counters = new Array<number>(clients).fill(0);
  const started = performance.now();
  try {
    const result = await measure(SQL_MOVEMENT, clients, async (worker) => {
      const pair = pairs[worker % pairs.length]!;
      counters[worker]! += 1;
      const key = `payforclient:${pair.payerId}:bench-sql-${run}-${clients}-${worker}-${counters[worker]}`;
      const rows = await connections[worker]!.query<{ r: { status: string } }>({
        name: 'ledger_record_movement',
        text: 'SELECT ledger_record_movement($1::jsonb) AS r',
        values: [movementPayload(pair, key, new Date().toISOString())],
      });
      return rows.rows[0]?.r.status === 'posted';
    });
    if (stopTime)
      printTimeProfile(
        `SQL movement profile (${clients} clients)`,
        await stopTime(),
        result.operations,
        performance.now() - started,
      );
    return result;
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

/** Per client count: the ledger's own cost (SQL movement / simple-update) and the server's (HTTP / SQL movement). */
export function printLedgerRatios(results: readonly Result[], clientCounts: readonly number[]): void {
  for (const clients of clientCounts) {
    const find = (prefix: string) => results.find((r) => r.clients === clients && r.scenario.startsWith(prefix));
    const http = find('HTTP payforclient (ledger)');
    const movement = find(SQL_MOVEMENT);
    const update = find('SQL simple-update');
    if (!http || !movement || !update) continue;
    const ratio = (a: Result, b: Result) => (a.perSecond / b.perSecond).toFixed(3);
    console.log(
      `ratio at ${String(clients).padStart(2)} client(s): SQL movement / SQL simple-update = ${ratio(movement, update)}; ` +
        `HTTP payforclient / SQL movement = ${ratio(http, movement)}; HTTP payforclient / SQL simple-update = ${ratio(http, update)}`,
    );
    console.log(
      `    per call p50/p99 ms: simple-update ${update.p50ms.toFixed(2)}/${update.p99ms.toFixed(2)}, ` +
        `SQL movement ${movement.p50ms.toFixed(2)}/${movement.p99ms.toFixed(2)}, HTTP ${http.p50ms.toFixed(2)}/${http.p99ms.toFixed(2)}`,
    );
  }
}
