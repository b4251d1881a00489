import {
  formatMinor,
  parseDbMinor,
  type MyDataData,
  type StatementData,
  type StatementLine,
  type StatementWallet,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { csvLine } from '../../lib/csv.ts';
import { writeAudit } from '../audit/index.ts';
import { selectMemberName } from '../members/index.ts';
import { readMemberData } from './my-data.read-model.ts';
import { selectStatementLines, selectStatementWallets } from './statement.repository.ts';

/**
 * "Download my data" and the wallet statement (decision 040). Both are reads; the export is audited (who took a
 * copy of their data, when), the statement is not (it is what the history screens show).
 */

/** `mydata`: every section as JSON (`{ exported_at, sections: { name: rows } }`) or as one CSV (section,row,field,value). */
export async function exportMemberData(
  deps: AppDeps,
  input: { memberId: bigint; format: 'json' | 'csv'; ip: string },
): Promise<MyDataData> {
  const sections = await readMemberData(deps.db, input.memberId);
  const exportedAt = deps.clock.now();
  await writeAudit(deps.db, {
    actorId: input.memberId,
    action: 'member.data_export',
    targetType: 'member',
    targetId: input.memberId,
    after: { format: input.format },
    ip: input.ip,
  });
  const day = exportedAt.toISOString().slice(0, 10);
  if (input.format === 'json') {
    const content = JSON.stringify({ exported_at: exportedAt.toISOString(), sections: Object.fromEntries(sections) }, null, 2);
    return { filename: `tuzo-my-data-${day}.json`, content_type: 'application/json', content };
  }
  // One file, long form: a section's rows have their own columns, so each cell is a line (section, row number, field, value).
  let content = csvLine(['section', 'row', 'field', 'value']);
  for (const [name, rows] of sections) {
    rows.forEach((row, index) => {
      for (const [field, value] of Object.entries(row)) content += csvLine([name, index + 1, field, value]);
    });
  }
  return { filename: `tuzo-my-data-${day}.csv`, content_type: 'text/csv', content };
}

/** `statement`: opening balance, every movement with the balance after it, and the closing balance, per wallet. */
export async function buildStatement(
  deps: AppDeps,
  input: { memberId: bigint; from: string; to: string },
): Promise<StatementData> {
  const member = await selectMemberName(deps.db, input.memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const range = { ...input, timeZone: deps.config.TUZO_TIMEZONE };
  const [wallets, lines] = [await selectStatementWallets(deps.db, range), await selectStatementLines(deps.db, range)];
  const statementWallets: StatementWallet[] = wallets.map((wallet) => {
    const opening = parseDbMinor(wallet.openingMinor);
    let running = opening;
    let credits = 0n;
    let debits = 0n;
    const walletLines: StatementLine[] = [];
    for (const line of lines) {
      if (line.wallet !== wallet.wallet) continue;
      const amount = parseDbMinor(line.amountMinor);
      running += amount;
      if (amount >= 0n) credits += amount;
      else debits += amount;
      walletLines.push({
        at: new Date(line.at).toISOString(),
        transaction_id: line.transactionId,
        kind: line.kind,
        memo: line.memo,
        amount: formatMinor(amount),
        balance: formatMinor(running),
      });
    }
    return {
      wallet: wallet.wallet,
      opening: formatMinor(opening),
      credits: formatMinor(credits),
      debits: formatMinor(debits),
      closing: formatMinor(running),
      lines: walletLines,
    };
  });
  return {
    username: member.username,
    from: input.from,
    to: input.to,
    currency: deps.config.SYSTEM_CURRENCY,
    time_zone: deps.config.TUZO_TIMEZONE,
    generated_at: deps.clock.now().toISOString(),
    wallets: statementWallets,
  };
}

/** `statementcsv`: the same statement as one CSV: an opening line, the movements and a closing line per wallet. */
export async function buildStatementCsv(
  deps: AppDeps,
  input: { memberId: bigint; from: string; to: string },
): Promise<MyDataData> {
  const statement = await buildStatement(deps, input);
  let content = csvLine(['wallet', 'at', 'entry', 'transaction_id', 'memo', 'amount', 'balance', 'currency']);
  for (const wallet of statement.wallets) {
    content += csvLine([wallet.wallet, statement.from, 'opening balance', null, null, null, wallet.opening, statement.currency]);
    for (const line of wallet.lines)
      content += csvLine([
        wallet.wallet,
        line.at,
        line.kind,
        line.transaction_id,
        line.memo,
        line.amount,
        line.balance,
        statement.currency,
      ]);
    content += csvLine([wallet.wallet, statement.to, 'closing balance', null, null, null, wallet.closing, statement.currency]);
  }
  return { filename: `tuzo-statement-${statement.from}-to-${statement.to}.csv`, content_type: 'text/csv', content };
}
