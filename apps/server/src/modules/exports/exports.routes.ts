import { Readable } from 'node:stream';
import {
  AdminDepositsFilterSchema,
  AdminMemberPagePayloadSchema,
  AdminMembersFilterSchema,
  AdminWithdrawalsFilterSchema,
  EXPORT_NAMES,
  STUCK_DEPOSIT_MINUTES,
  type ExportName,
} from '@tuzo/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RouteDoc } from '../../http/route-docs.ts';
import { requireAccess } from '../../http/access.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { resolveBearer } from '../auth/index.ts';
import { csvLine } from '../../lib/csv.ts';
import { findTargetMember } from '../admin-members/index.ts';
import {
  codesExport,
  depositsExport,
  memberLedgerExport,
  membersExport,
  selectExportPage,
  withdrawalsExport,
  type ExportSpec,
} from './exports.read-model.ts';

/** Rows read per keyset page: the most the server holds of an export at once. */
export const EXPORT_PAGE_ROWS = 1_000;

/** The exports as the API document lists them: one path per export, with its filters (route-docs.ts). */
export const EXPORT_ROUTE_DOCS: readonly RouteDoc[] = (
  [
    ['members', "Members as CSV, with the member list's filters.", AdminMembersFilterSchema],
    ['withdrawals', "Withdrawals as CSV, with the withdrawal queue's filters.", AdminWithdrawalsFilterSchema],
    ['deposits', "Deposits as CSV, with the deposit list's filters.", AdminDepositsFilterSchema],
    ['codes', 'Payment codes (notifications and claims) as CSV.', undefined],
    ['ledger', "One member's ledger movements as CSV.", AdminMemberPagePayloadSchema],
  ] as const satisfies readonly (readonly [ExportName, string, z.ZodType | undefined])[]
).map(([name, summary, query]) => ({
  method: 'GET',
  path: `/api/admin/export/${name}`,
  summary,
  access: 'operator',
  ...(query ? { query } : {}),
  answer: {
    file: 'text/csv',
    description: `The CSV file (\`tuzo-${name}-<day>.csv\`), streamed; a refusal before the first byte is the envelope.`,
  },
}));

/**
 * `GET /api/admin/export/<members|withdrawals|deposits|codes|ledger>?<the list's filters>` (ledger: `username`): the list as CSV, streamed
 * page by page from the database (the read replica when one is set), so a million rows never sit in memory. Same access rule as the operator
 * actions (bearer token, operator role, two-factor sign-in on): support staff read the lists on screen, but a bulk
 * export of member data stays with operators. Failures before the first byte answer with the usual envelope; the
 * export itself is audited (who exported what, with which filters).
 */
export async function registerExportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/admin/export/:name', async (request, reply) => {
    const operator = requireAccess('operator', await resolveBearer(deps, request.headers.authorization));
    const name = (request.params as { name?: string }).name ?? '';
    if (!isExportName(name))
      throw new AppError('NOT_FOUND', `Unknown export: ${name.slice(0, 40)}; use ${EXPORT_NAMES.join(', ')}`);
    const query = request.query as Record<string, unknown>;
    const csv = await buildCsv(deps, name, query);
    await writeAudit(deps.db, {
      actorId: operator.id,
      action: `export.${name}`,
      targetType: 'export',
      targetId: name,
      after: { filter: query },
      ip: request.ip,
    });
    const day = deps.clock.now().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tuzo-${name}-${day}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(csv));
  });
}

function isExportName(name: string): name is ExportName {
  return (EXPORT_NAMES as readonly string[]).includes(name);
}

function parseFilter<T extends z.ZodType>(schema: T, query: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid filter');
  return parsed.data;
}

/**
 * The export's CSV lines, not yet read: the filter is checked here (a bad one refuses before anything is audited or
 * sent), and each export keeps its own row type up to the stream, which only needs each row's id and cells.
 */
async function buildCsv(deps: AppDeps, name: ExportName, query: Record<string, unknown>): Promise<AsyncGenerator<string>> {
  switch (name) {
    case 'members':
      return streamCsv(deps, membersExport(parseFilter(AdminMembersFilterSchema, query)));
    case 'withdrawals':
      return streamCsv(deps, withdrawalsExport(parseFilter(AdminWithdrawalsFilterSchema, query)));
    case 'deposits':
      return streamCsv(
        deps,
        depositsExport(
          parseFilter(AdminDepositsFilterSchema, query),
          new Date(deps.clock.now().getTime() - STUCK_DEPOSIT_MINUTES * 60_000),
        ),
      );
    case 'codes':
      return streamCsv(deps, codesExport());
    case 'ledger': {
      const { username } = parseFilter(AdminMemberPagePayloadSchema, query);
      return streamCsv(deps, memberLedgerExport(BigInt((await findTargetMember(deps.db, username)).id)));
    }
    default: {
      const unknown: never = name;
      throw new Error(`Unhandled export ${String(unknown)}`);
    }
  }
}

async function* streamCsv<Row extends Record<string, unknown> & { id: string }>(
  deps: AppDeps,
  spec: ExportSpec<Row>,
): AsyncGenerator<string> {
  yield csvLine(spec.header);
  // Exports are read-heavy operator lists: they read the replica when DATABASE_READ_URL is set (decision 055), so a
  // million-row export does not load the primary; they may lag the primary by the replica's replay delay.
  const db = deps.readDb ?? deps.db;
  let beforeId: string | null = null;
  for (;;) {
    const rows: Row[] = await selectExportPage(db, spec, { beforeId, limit: EXPORT_PAGE_ROWS });
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(spec.toCells(row))).join('');
    if (rows.length < EXPORT_PAGE_ROWS) return;
    beforeId = rows[rows.length - 1]?.id ?? null;
  }
}
