import { toMinor } from './shared.ts';

/**
 * What the B2C simulator decides from a request alone: the outcome a test phone 2547000000NN chooses by its last two
 * digits (every other phone is paid), and the field checks that answer 400.002.02 "Bad Request - Invalid <Field>".
 */
export interface B2COutcome {
  resultCode: number | string;
  resultDesc: string;
  /** `normal`: one result after the delay; `none`: never; `twice`; `held`: until released; `before-ack`; `queue-timeout`. */
  delivery: 'normal' | 'none' | 'twice' | 'held' | 'before-ack' | 'queue-timeout';
}

export const PAID_DESC = 'The service request is processed successfully.';
export const B2C_OUTCOMES: Record<string, B2COutcome> = {
  '01': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', delivery: 'normal' },
  '02': {
    resultCode: 2,
    resultDesc: 'Declined due to limit rule: less than the minimum transaction amount.',
    delivery: 'normal',
  },
  '03': {
    resultCode: 3,
    resultDesc: 'Declined due to limit rule: greater than the maximum transaction amount.',
    delivery: 'normal',
  },
  '04': { resultCode: 4, resultDesc: 'Declined due to limit rule: would exceed daily transfer limit.', delivery: 'normal' },
  '40': {
    resultCode: 2040,
    resultDesc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    delivery: 'normal',
  },
  '37': { resultCode: 0, resultDesc: PAID_DESC, delivery: 'none' },
  '38': { resultCode: 0, resultDesc: PAID_DESC, delivery: 'queue-timeout' },
  '55': { resultCode: 0, resultDesc: PAID_DESC, delivery: 'held' },
  '77': { resultCode: 0, resultDesc: PAID_DESC, delivery: 'before-ack' },
  '99': { resultCode: 0, resultDesc: PAID_DESC, delivery: 'twice' },
};
const PAID: B2COutcome = { resultCode: 0, resultDesc: PAID_DESC, delivery: 'normal' };
const TEST_PHONE = /^2547000000(\d\d)$/;
const COMMAND_IDS = new Set(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']);

/** The outcome of a payment to `phone`; a re-sent …38 (after its queue timeout) is paid normally. */
export function outcomeOf(phone: string, isResend: boolean): B2COutcome {
  const digits = TEST_PHONE.exec(phone)?.[1];
  const outcome = (digits !== undefined ? B2C_OUTCOMES[digits] : undefined) ?? PAID;
  return isResend && outcome.delivery === 'queue-timeout' ? PAID : outcome;
}

/** The first field of a B2C payment request Daraja would refuse, or null. */
export function findInvalidPaymentField(body: Record<string, unknown>, b2cShortcode: string): string | null {
  const isText = (value: unknown, min = 1, max = 100) => typeof value === 'string' && value.length >= min && value.length <= max;
  const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
  if (!isText(body.OriginatorConversationID)) return 'OriginatorConversationID';
  if (!isText(body.InitiatorName)) return 'InitiatorName';
  if (!isText(body.SecurityCredential, 1, 2048)) return 'SecurityCredential';
  if (typeof body.CommandID !== 'string' || !COMMAND_IDS.has(body.CommandID)) return 'CommandID';
  const amount = toMinor(body.Amount);
  if (amount === null || amount < 100n || amount % 100n !== 0n) return 'Amount';
  if (String(body.PartyA ?? '') !== b2cShortcode) return 'PartyA';
  if (!/^254[17]\d{8}$/.test(String(body.PartyB ?? ''))) return 'PartyB';
  if (!isText(body.Remarks, 2, 100)) return 'Remarks';
  if (!isUrl(body.QueueTimeOutURL)) return 'QueueTimeOutURL';
  if (!isUrl(body.ResultURL)) return 'ResultURL';
  if (body.Occassion !== undefined && !isText(body.Occassion, 0, 100)) return 'Occassion';
  return null;
}

/** The first field of an account balance query Daraja would refuse, or null. */
export function findInvalidBalanceField(
  body: Record<string, unknown>,
  shortcodes: { shortcode: string; b2cShortcode: string },
): string | null {
  const isText = (value: unknown, max = 100) => typeof value === 'string' && value.length >= 1 && value.length <= max;
  const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
  const { shortcode, b2cShortcode } = shortcodes;
  if (!isText(body.Initiator)) return 'Initiator';
  if (!isText(body.SecurityCredential, 2048)) return 'SecurityCredential';
  if (body.CommandID !== 'AccountBalance') return 'CommandID';
  if (![shortcode, b2cShortcode].includes(String(body.PartyA ?? ''))) return 'PartyA';
  if (String(body.IdentifierType ?? '') !== '4') return 'IdentifierType';
  if (!isUrl(body.ResultURL)) return 'ResultURL';
  if (!isUrl(body.QueueTimeOutURL)) return 'QueueTimeOutURL';
  if (!isText(body.Remarks)) return 'Remarks';
  return null;
}
