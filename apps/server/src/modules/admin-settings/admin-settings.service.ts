import {
  CASINO_RETURN_BOUNDS,
  checkSettingChange,
  formatBasisPoints,
  isMoneyControlSetting,
  OPERATOR_SETTING_KEYS,
  readSettingValue,
  SETTINGS,
  type AdminSettingRow,
  type AdminSettingsData,
  type ApprovalRequestedData,
  type SettingDefinition,
  type SettingKey,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { requestChange } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { lockStoredSetting, readStoredSettings, storeSetting, type StoredSetting } from '../settings/index.ts';

function toRow(key: SettingKey, stored: StoredSetting | null | undefined): AdminSettingRow {
  const definition = SETTINGS[key] as SettingDefinition;
  return {
    key,
    description: definition.description,
    value: readSettingValue(key, stored?.value),
    default: definition.default,
    updated_at: stored ? stored.updatedAt.toISOString() : null,
    is_four_eyes: isMoneyControlSetting(key),
  };
}

/** `adminsettings`: every setting the console may see, read through the registry (a stale value reads as default). */
export async function listSettings(deps: AppDeps): Promise<AdminSettingsData> {
  const stored = await readStoredSettings(deps.db, OPERATOR_SETTING_KEYS);
  return {
    settings: OPERATOR_SETTING_KEYS.map((key) => toRow(key, stored.get(key))),
    casino_return_bounds: {
      min: formatBasisPoints(CASINO_RETURN_BOUNDS.minBasisPoints),
      max: formatBasisPoints(CASINO_RETURN_BOUNDS.maxBasisPoints),
    },
  };
}

/**
 * `adminsetting`: one setting's new value, checked by the registry (and the casino return bounds). A money-control
 * setting (decision 044) becomes a request a second operator approves (`executeSettingChange`); any other is stored
 * and audited at once.
 */
export async function changeOrRequestSetting(
  deps: AppDeps,
  input: { key: string; value: unknown; operatorId: bigint; ip: string },
): Promise<AdminSettingRow | ApprovalRequestedData> {
  const check = checkSettingChange(input.key, input.value);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
  const { key, value } = check;
  if (!isMoneyControlSetting(key)) return changeSetting(deps, { key, value, operatorId: input.operatorId, ip: input.ip });
  const stored = await readStoredSettings(deps.db, [key]);
  const before = readSettingValue(key, stored.get(key)?.value);
  if (JSON.stringify(before) === JSON.stringify(value)) throw new AppError('ALREADY_DONE', `${key} already has this value`);
  return requestChange(deps, {
    kind: 'setting',
    requestedBy: input.operatorId,
    params: { key, value, from: JSON.stringify(before), to: JSON.stringify(value) },
    targetRef: `setting:${key}`,
    reason: '',
    ip: input.ip,
  });
}

/** An approved `setting` request, inside the approval's transaction: checked again, stored, audited by the approver. */
export async function executeSettingChange(
  deps: AppDeps,
  input: { key: string; value: unknown; approverId: bigint; ip: string },
): Promise<Record<string, string>> {
  const check = checkSettingChange(input.key, input.value);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', `${check.message}; reject this request`);
  const row = await changeSetting(deps, { key: check.key, value: check.value, operatorId: input.approverId, ip: input.ip });
  return { key: row.key, value: JSON.stringify(row.value) };
}

/**
 * One setting's checked value stored and audited with the value before and after in one transaction. The settings
 * trigger bumps reference_version, so every process's reference copy reloads on its next request.
 */
async function changeSetting(
  deps: AppDeps,
  input: { key: SettingKey; value: unknown; operatorId: bigint; ip: string },
): Promise<AdminSettingRow> {
  const { key, value } = input;
  return deps.db.transaction(async (tx) => {
    const before = await lockStoredSetting(tx, key);
    const at = deps.clock.now();
    await storeSetting(tx, { key, value, at });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'setting.change',
      targetType: 'setting',
      targetId: key,
      before: { value: readSettingValue(key, before?.value) },
      after: { value },
      ip: input.ip,
    });
    return toRow(key, { value, updatedAt: at });
  });
}
