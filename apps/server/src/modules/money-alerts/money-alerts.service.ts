import type { MoneyAlert } from '@tuzo/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { notifyMember } from '../notifications/index.ts';
import { insertMoneyAlert, selectMoneyAlerts, selectOperatorIds, type NewMoneyAlert } from './money-alerts.repository.ts';

/**
 * Operator alerts about money a provider's answer did not let move (docs/decisions/046-provider-confirmed-money.md):
 * a payout receipt offered as a deposit, a payout result for another receiver or amount, a success after a payout was
 * failed or paid outside Tuzo. Each is stored once (its dedupe key), audited (`money.alert`), logged as an error and
 * sent to every active operator as a message; the console lists them (`adminmoneyalerts`, and on the payout page).
 */
export async function raiseMoneyAlert(deps: AppDeps, alert: Omit<NewMoneyAlert, 'at'>, db: DbOrTx = deps.db): Promise<boolean> {
  const at = deps.clock.now();
  deps.log.error(
    { kind: alert.kind, payoutId: alert.payoutId?.toString(), code: alert.transactionCode, detail: alert.detail },
    'Money alert for operators',
  );
  return db.transaction(async (tx) => {
    const id = await insertMoneyAlert(tx, { ...alert, at });
    if (id === null) return false;
    await writeAudit(tx, {
      actorId: null,
      action: 'money.alert',
      targetType: 'money_alert',
      targetId: id,
      before: null,
      after: { kind: alert.kind, payoutId: alert.payoutId ?? null, code: alert.transactionCode ?? null, detail: alert.detail },
      ip: null,
    });
    for (const operatorId of await selectOperatorIds(tx)) {
      await notifyMember(tx, { memberId: operatorId, msg: `Money alert #${id}: ${alert.detail}`, severity: 'error' });
    }
    return true;
  });
}

export async function listMoneyAlerts(db: DbOrTx, input: { payoutId?: bigint; limit: number }): Promise<MoneyAlert[]> {
  const rows = await selectMoneyAlerts(db, input);
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
