import {
  ADMIN_TASK_KINDS,
  FEE_FIELD_LABELS,
  FEE_FIELDS,
  formatMinor,
  formatRateMicro,
  parseAmountToMinor,
  parseRateToMicro,
  type AdminCountriesData,
  type AdminCountryPayload,
  type AdminCountryRow,
  type AdminTaskDayPayload,
  type AdminTaskDaysData,
  type AdminTaskSchedule,
  type ApprovalRequestedData,
} from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { requestChange } from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';
import { replaceCountry } from '../countries/index.ts';
import { lockTaskSchedule, selectTaskSchedules, updateTaskSchedule } from '../schedules/index.ts';
import { selectCountryStates, type CountryState } from './admin-countries.repository.ts';

function toRow(state: CountryState): AdminCountryRow {
  const { fees } = state;
  return {
    id: state.id,
    name: state.name,
    abbreviation: state.abbreviation,
    currency: state.currency,
    rate: formatRateMicro(state.rateMicro),
    enabled: state.enabled,
    is_default: state.isDefault,
    fees:
      fees === null
        ? null
        : {
            creg: formatMinor(fees.cregMinor),
            fl1: formatMinor(fees.fl1Minor),
            fl2: formatMinor(fees.fl2Minor),
            fl3: formatMinor(fees.fl3Minor),
            cbonus: formatMinor(fees.cbonusMinor),
            min_with: formatMinor(fees.minWithMinor),
          },
    tariff: state.tariff.map((b) => ({
      min: formatMinor(b.minMinor),
      max: formatMinor(b.maxMinor),
      tariff: formatMinor(b.tariffMinor),
    })),
  };
}

/** `admincountries`: every country with its rate, switch, fee row and tariff brackets (local currency). */
export async function listCountries(deps: AppDeps): Promise<AdminCountriesData> {
  return { countries: (await selectCountryStates(deps.db)).map(toRow) };
}

// The payload schema has checked every amount and the rate, so these parses cannot fail.
const minor = (text: string) => parseAmountToMinor(text) ?? 0n;

/** What a country change changes, in words: each field whose value differs, from what to what. */
function describeCountryChange(before: AdminCountryRow, after: AdminCountryPayload): string {
  const changes: string[] = [];
  if (before.rate !== after.rate) changes.push(`rate ${before.rate} → ${after.rate}`);
  if (before.enabled !== after.enabled) changes.push(after.enabled ? 'switched on' : 'switched off');
  for (const field of FEE_FIELDS) {
    const from = before.fees?.[field] ?? 'none';
    const to = formatMinor(minor(after.fees[field]));
    if (from !== to) changes.push(`${FEE_FIELD_LABELS[field]} ${from} → ${to}`);
  }
  const tariff = (rows: readonly { min: string; max: string; tariff: string }[]) =>
    rows.map((b) => `${formatMinor(minor(b.min))}-${formatMinor(minor(b.max))}: ${formatMinor(minor(b.tariff))}`).join(', ');
  if (tariff(before.tariff) !== tariff(after.tariff))
    changes.push(`tariff [${tariff(before.tariff)}] → [${tariff(after.tariff)}]`);
  return changes.length === 0 ? 'no change' : changes.join('; ');
}

/**
 * `admincountry` (decision 044): a country's rate, switch, fees, commissions and tariff control how much money moves,
 * so a change is a request a second operator approves (`changeCountry` then runs in the approval's transaction).
 */
export async function requestCountryChange(
  deps: AppDeps,
  input: AdminCountryPayload & { operatorId: bigint; ip: string },
): Promise<ApprovalRequestedData> {
  const [current] = await selectCountryStates(deps.db, { id: input.id });
  if (!current) throw new AppError('NOT_FOUND', 'Country not found');
  if (current.isDefault && !input.enabled)
    throw new AppError('VALIDATION_FAILED', `${current.name} is the default country of the sign-up form and stays enabled`);
  const { operatorId, ip, ...payload } = input;
  const changes = describeCountryChange(toRow(current), payload);
  if (changes === 'no change') throw new AppError('ALREADY_DONE', `${current.name} already has these values`);
  return requestChange(deps, {
    kind: 'country',
    requestedBy: operatorId,
    params: { country_id: String(input.id), name: current.name, changes, payload },
    targetRef: `country:${input.id}`,
    reason: '',
    ip,
  });
}

/**
 * `admincountry`: replaces a country's rate, switch, fee row and tariff brackets in one transaction, audited with the
 * whole country before and after. The default country (the sign-up form's preselection) cannot be switched off.
 */
export async function changeCountry(
  deps: AppDeps,
  input: AdminCountryPayload & { operatorId: bigint; ip: string },
): Promise<AdminCountryRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await selectCountryStates(tx, { id: input.id, isLocked: true });
    if (!current) throw new AppError('NOT_FOUND', 'Country not found');
    if (current.isDefault && !input.enabled)
      throw new AppError('VALIDATION_FAILED', `${current.name} is the default country of the sign-up form and stays enabled`);
    const fees = {
      cregMinor: minor(input.fees.creg),
      fl1Minor: minor(input.fees.fl1),
      fl2Minor: minor(input.fees.fl2),
      fl3Minor: minor(input.fees.fl3),
      cbonusMinor: minor(input.fees.cbonus),
      minWithMinor: minor(input.fees.min_with),
    };
    const tariff = input.tariff
      .map((b) => ({ minMinor: minor(b.min), maxMinor: minor(b.max), tariffMinor: minor(b.tariff) }))
      .sort((a, b) => (a.minMinor < b.minMinor ? -1 : a.minMinor > b.minMinor ? 1 : 0));
    const rateMicro = parseRateToMicro(input.rate) ?? current.rateMicro;
    await replaceCountry(tx, { id: input.id, rateMicro, enabled: input.enabled, fees, tariff, at: deps.clock.now() });
    const after = toRow({ ...current, rateMicro, enabled: input.enabled, fees, tariff });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'country.change',
      targetType: 'country',
      targetId: input.id,
      before: toRow(current),
      after,
      ip: input.ip,
    });
    return after;
  });
}

/** `admintaskdays`: the weekdays each task kind runs on. */
export async function listTaskDays(deps: AppDeps): Promise<AdminTaskDaysData> {
  const rows = await selectTaskSchedules(deps.db);
  const known = new Set<string>(ADMIN_TASK_KINDS);
  return {
    schedules: rows
      .filter((row) => known.has(row.kind))
      .map((row) => ({ kind: row.kind as AdminTaskSchedule['kind'], weekdays: row.weekdays.map(Number).sort((a, b) => a - b) })),
  };
}

/** `admintaskday`: one task kind's weekdays, audited with the days before and after. */
export async function changeTaskDays(
  deps: AppDeps,
  input: AdminTaskDayPayload & { operatorId: bigint; ip: string },
): Promise<AdminTaskSchedule> {
  const weekdays = [...input.weekdays].sort((a, b) => a - b);
  return deps.db.transaction(async (tx) => {
    const before = await lockTaskSchedule(tx, input.kind);
    if (before === null) throw new AppError('NOT_FOUND', 'Task kind not found');
    await updateTaskSchedule(tx, { kind: input.kind, weekdays, at: deps.clock.now() });
    await writeAudit(tx, {
      actorId: input.operatorId,
      action: 'task_days.change',
      targetType: 'task',
      targetId: input.kind,
      before: { weekdays: before.map(Number).sort((a, b) => a - b) },
      after: { weekdays },
      ip: input.ip,
    });
    return { kind: input.kind, weekdays };
  });
}
