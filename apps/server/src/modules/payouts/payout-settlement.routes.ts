import { formatMinor, parseDbMinor, PayoutSettlementQuerySchema } from '@tuzo/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../../http/access.ts';
import type { RouteDoc } from '../../http/route-docs.ts';
import { operatorDay } from '../../lib/clock.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { resolveBearer } from '../auth/index.ts';
import { csvLine } from '../../lib/csv.ts';
import { selectSettlementRows, type SettlementRow } from './payout-settlement.repository.ts';

const PATH = '/api/admin/payouts/settlement';

export const PAYOUT_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'GET',
    path: PATH,
    summary:
      'The daily payout settlement as CSV: payouts settled that operator day (paid, failed) and those still live, with receipts, charges and provider fees; the paid total equals the ledger’s provider:payouts for the day.',
    access: 'operator',
    query: PayoutSettlementQuerySchema,
    answer: { file: 'text/csv', description: 'The CSV file (`tuzo-payouts-<day>.csv`); a refusal is the envelope.' },
  },
];

const HEADER = [
  'payout_id',
  'withdrawal_id',
  'username',
  'provider',
  'state',
  'reference',
  'receipt',
  'amount',
  'currency',
  'provider_fee',
  'paid_system',
  'charge_system',
  'settle_transaction_id',
  'created_at',
  'settled_at',
  'failure_reason',
];
const money = (text: string | null) => (text === null ? null : formatMinor(parseDbMinor(text)));

function toCells(row: SettlementRow): Array<string | null> {
  return [
    row.id,
    row.withdrawal_id,
    row.username,
    row.provider,
    row.state,
    row.reference,
    row.receipt,
    money(row.amount_minor),
    row.currency,
    money(row.provider_fee_minor),
    money(row.paid_system_minor),
    money(row.fee_system_minor),
    row.settle_transaction_id,
    new Date(row.created_at).toISOString(),
    row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
    row.failure_reason,
  ];
}

/**
 * `GET /api/admin/payouts/settlement?day=YYYY-MM-DD`: the day's payouts as CSV for the operator's reconciliation with
 * the provider's statement, ending with a total line (paid count, paid total and charges in the system currency).
 * Operators only (two-factor sign-in on), audited `export.payouts`.
 */
export async function registerPayoutRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(PATH, async (request, reply) => {
    const operator = requireAccess('operator', await resolveBearer(deps, request.headers.authorization));
    const parsed = PayoutSettlementQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid day');
    const day = parsed.data.day ?? operatorDay(deps.clock.now(), deps.config.TUZO_TIMEZONE);
    const rows = await selectSettlementRows(deps.db, { day, timeZone: deps.config.TUZO_TIMEZONE });
    await writeAudit(deps.db, {
      actorId: operator.id,
      action: 'export.payouts',
      targetType: 'export',
      targetId: day,
      ip: request.ip,
    });
    const paid = rows.filter((row) => row.state === 'paid');
    const sum = (pick: (row: SettlementRow) => string | null) =>
      paid.reduce((total, row) => total + parseDbMinor(pick(row) ?? '0'), 0n);
    const total = [
      'total',
      '',
      '',
      '',
      `paid ${paid.length}`,
      '',
      '',
      '',
      '',
      '',
      formatMinor(sum((row) => row.paid_system_minor)),
      formatMinor(sum((row) => row.fee_system_minor)),
      '',
      '',
      '',
      '',
    ];
    const csv = [csvLine(HEADER), ...rows.map((row) => csvLine(toCells(row))), csvLine(total)].join('');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tuzo-payouts-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
