import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { selectSmsPreferences, updateSmsPreferences, type SmsPreferencesRow } from '../members/index.ts';
import { readSetting } from '../settings/index.ts';
import { promotionRefusal, promotionSendAt, promotionTooLong } from './promotion-rules.ts';
import { smsSize } from './sms-parts.ts';
import { insertOutboxRow, insertPromotionRows, type RenderedText } from './sms.repository.ts';
import { renderPromotion, renderSms, SMS_LANGUAGES, type SmsEvent, type SmsLanguage } from './sms-templates.ts';

/** A closed account's SMS, kept without number and text (decision 040). */

export type { SmsEvent } from './sms-templates.ts';
export { activationSms, commissionSms, smsAmount, withdrawalSms } from './money-sms.ts';

/**
 * The SMS outbox's API for the modules whose money events members hear about by SMS (docs/decisions/037-sms-outbox.md).
 * Call `enqueueSms` with the transaction that records the event: the message then exists if and only if the event
 * committed, and the sender (sms.sender.ts) sends it after commit. It never sends, never waits for a provider and
 * never throws for a member without SMS (staff, the house account, a commission message turned off): it writes
 * nothing then.
 */
export async function enqueueSms(
  tx: DbOrTx,
  input: { memberId: bigint; event: SmsEvent; dedupeKey: string; at: Date | null; phone?: string },
): Promise<boolean> {
  return insertOutboxRow(tx, {
    memberId: input.memberId,
    phone: input.phone ?? null,
    kind: input.event.kind,
    texts: renderAll((language) => renderSms(input.event, language)),
    dedupeKey: `${input.event.kind}:${input.dedupeKey}`,
    at: input.at,
    sendAt: input.at,
    requires: input.event.kind === 'commission_earned' ? 'commission' : 'nothing',
  });
}

/** A promotion's text in both languages: each member gets the one of their language (members.language). */
export type PromotionText = Record<SmsLanguage, string>;

/**
 * One promotional SMS for a member, in their language with how to opt out, queued for the sending hours: only a
 * member who opted in gets one (returns false otherwise); a text about gambling, in either language, is refused
 * (400). The operator's broadcast queues its audience at once with `queueBroadcastPromotion`.
 */
export async function enqueuePromotion(
  deps: AppDeps,
  input: { memberId: bigint; text: PromotionText; dedupeKey: string },
): Promise<boolean> {
  const { texts, sendAt, at } = await preparePromotion(deps, deps.db, input.text);
  return insertOutboxRow(deps.db, {
    memberId: input.memberId,
    kind: 'promotion',
    texts,
    dedupeKey: `promotion:${input.dedupeKey}`,
    at,
    sendAt,
    requires: 'promotions',
  });
}

/**
 * An operator's broadcast sent by SMS too (`adminbroadcast` with `sms: true`): one promotional SMS for each opted-in
 * member of the audience, in their language (the broadcast's English or Swahili text) with how to opt out, queued for
 * the sending hours, in the broadcast's transaction (`db`). Returns how many were queued.
 */
export async function queueBroadcastPromotion(
  deps: AppDeps,
  db: DbOrTx,
  input: { audience: { memberId: bigint } | { countryId: number | null }; text: PromotionText; broadcastKey: string },
): Promise<number> {
  const { texts, sendAt, at } = await preparePromotion(deps, db, input.text);
  return insertPromotionRows(db, {
    audience: input.audience,
    texts,
    dedupePrefix: `promotion:broadcast:${input.broadcastKey}`,
    at,
    sendAt,
  });
}

/**
 * A promotion's texts as members get them, and when it may go: refused (400) when either language mentions gambling
 * or when a text with the opt-out instruction would not fit one GSM-7 part (a longer or UCS-2 text costs members'
 * trust and the operator several parts; decision 057).
 */
async function preparePromotion(deps: AppDeps, db: DbOrTx, text: PromotionText) {
  const refusal = promotionRefusal(text.en, text.sw);
  if (refusal) throw new AppError('VALIDATION_FAILED', refusal);
  const at = deps.clock.now();
  const hours = await readSetting(db, 'sms.promotion_hours');
  const instruction = await readSetting(db, 'sms.opt_out_instruction');
  const texts = renderAll((language) => renderPromotion(text[language], instruction[language]));
  for (const language of SMS_LANGUAGES) {
    const size = texts[language];
    if (size.encoding !== 'gsm7' || size.parts > 1)
      throw new AppError('VALIDATION_FAILED', promotionTooLong(language, size.units));
  }
  return { texts, at, sendAt: promotionSendAt(at, hours, deps.config.TUZO_TIMEZONE) };
}

function renderAll(render: (language: SmsLanguage) => string): Record<SmsLanguage, RenderedText> {
  const out = {} as Record<SmsLanguage, RenderedText>;
  for (const language of SMS_LANGUAGES) {
    const text = render(language);
    out[language] = { text, ...smsSize(text) };
  }
  return out;
}

export interface SmsPreferences {
  language: SmsLanguage;
  commission: boolean;
  promotions: boolean;
}

function toPreferences(row: SmsPreferencesRow): SmsPreferences {
  return { language: row.language, commission: row.smsCommission, promotions: row.smsPromotions };
}

/**
 * `setlanguage`: the member's language (decision 038), kept beside the SMS choices because notifications and SMS are
 * written in it; the app shows it after sign-in.
 */
export async function setMemberLanguage(
  deps: AppDeps,
  input: { memberId: bigint; language: SmsLanguage },
): Promise<{ language: SmsLanguage }> {
  const row = await updateSmsPreferences(deps.db, { ...input, at: deps.clock.now() });
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  return { language: row.language };
}

/** `smssettings`: the member's SMS choices; with values, sets them first (written by the members kernel). */
export async function smsPreferences(
  deps: AppDeps,
  input: { memberId: bigint; commission?: boolean | undefined; promotions?: boolean | undefined },
): Promise<SmsPreferences> {
  const isChange = input.commission !== undefined || input.promotions !== undefined;
  const row = isChange
    ? await updateSmsPreferences(deps.db, {
        memberId: input.memberId,
        ...(input.commission !== undefined ? { smsCommission: input.commission } : {}),
        ...(input.promotions !== undefined ? { smsPromotions: input.promotions } : {}),
        at: deps.clock.now(),
      })
    : await selectSmsPreferences(deps.db, input.memberId);
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  return toPreferences(row);
}
