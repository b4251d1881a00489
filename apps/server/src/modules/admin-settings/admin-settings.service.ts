import {
  CASINO_RETURN_BOUNDS,
  checkSettingChange,
  formatBasisPoints,
  OPERATOR_SETTING_KEYS,
  readSettingValue,
  SETTINGS,
  type AdminSettingRow,
  type AdminSettingsData,
  type SettingDefinition,
  type SettingKey,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { lockStoredSetting, readStoredSettings, storeSetting, type StoredSetting } from '../settings/settings.service.ts';

function toRow(key: SettingKey, stored: StoredSetting | null | undefined): AdminSettingRow {
  const definition = SETTINGS[key] as SettingDefinition;
  return {
    key,
    description: definition.description,
    value: readSettingValue(key, stored?.value),
    default: definition.default,
    updated_at: stored ? stored.updatedAt.toISOString() : null,
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
 * `adminsetting`: one setting's new value, checked by the registry (and the casino return bounds), stored and audited
 * with the value before and after in one transaction. The settings trigger bumps reference_version, so every
 * process's reference copy reloads on its next request.
 */
export async function changeSetting(
  deps: AppDeps,
  input: { key: string; value: unknown; operatorId: bigint; ip: string },
): Promise<AdminSettingRow> {
  const check = checkSettingChange(input.key, input.value);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
  const { key, value } = check;
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
