import { z } from 'zod';
import { providerAmountToMinor, providerSignedAmountToMinor } from '../amounts.ts';
import { RETRYABLE_RESULT_CODES } from './callbacks.ts';

/**
 * Parsers of what Daraja posts to a B2C payment's ResultURL and QueueTimeOutURL, and of the results of the status and
 * balance queries about B2C payments (decision 031). ResultCode may be a number or a string; parameters are read by Key,
 * never by position; a failure carries no ResultParameters. Amounts become minor units through the money helper.
 */
const ParameterSchema = z.object({ Key: z.string().max(100), Value: z.union([z.string(), z.number()]).optional() });
const ResultSchema = z.object({
  Result: z.object({
    ResultType: z.union([z.number(), z.string()]).optional(),
    ResultCode: z.union([z.number(), z.string()]),
    ResultDesc: z.string().max(500).default(''),
    OriginatorConversationID: z.string().max(100).optional(),
    ConversationID: z.string().min(1).max(100),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z.object({ ResultParameter: z.union([z.array(ParameterSchema).max(50), ParameterSchema]) }).optional(),
  }),
});
type ParsedResult = z.infer<typeof ResultSchema>['Result'];

function parametersOf(result: ParsedResult): Map<string, string | number | undefined> {
  const list = result.ResultParameters?.ResultParameter;
  return new Map((Array.isArray(list) ? list : list ? [list] : []).map((item) => [item.Key, item.Value]));
}

function textOf(items: Map<string, string | number | undefined>, key: string): string | null {
  const value = items.get(key);
  return value === undefined || String(value).trim() === '' ? null : String(value).trim();
}

function amountOf(items: Map<string, string | number | undefined>, key: string): bigint | null {
  const value = items.get(key);
  return value === undefined ? null : providerAmountToMinor(value);
}

/** A balance parameter (may be negative, e.g. a charges account), in minor units. */
function balanceOf(items: Map<string, string | number | undefined>, key: string): bigint | null {
  const value = items.get(key);
  return value === undefined ? null : providerSignedAmountToMinor(value);
}

/**
 * "dd.MM.yyyy HH:mm:ss" (B2C) or yyyyMMddHHmmss (status query), East Africa Time (UTC+3), as an instant; null if it
 * is neither.
 */
export function parseDarajaTime(text: string | null): Date | null {
  if (text === null) return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  const parts = dotted
    ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]]
    : compact
      ? compact.slice(1, 7)
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map(Number) as [number, number, number, number, number, number];
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const isReal =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute &&
    local.getUTCSeconds() === second;
  return isReal ? new Date(local.getTime() - 3 * 3_600_000) : null;
}

export interface B2CResult {
  /** Ours, as sent: the payout's key. */
  originatorConversationId: string;
  conversationId: string;
  /** "0" on success; Daraja's code as text otherwise ("1", "2040", "SFC_IC0003"). */
  resultCode: string;
  resultDesc: string;
  isSuccess: boolean;
  transactionId: string | null;
  /** Success only: the M-Pesa receipt (TransactionReceipt, else TransactionID) and the amount paid. */
  receipt: string | null;
  amountMinor: bigint | null;
  /** "2547XXXXXXXX - FIRST LAST" as M-Pesa sends it, and its two halves. */
  receiverPartyPublicName: string | null;
  receiverMsisdn: string | null;
  receiverName: string | null;
  completedAt: Date | null;
  utilityAvailableMinor: bigint | null;
  workingAvailableMinor: bigint | null;
  recipientIsRegistered: boolean | null;
}

/** A B2C Result posted to ResultURL; null when it is not one (no OriginatorConversationID, malformed, bad amount). */
export function parseB2CResult(body: unknown): B2CResult | null {
  const parsed = ResultSchema.safeParse(body);
  const originatorConversationId = parsed.success ? parsed.data.Result.OriginatorConversationID : undefined;
  if (!parsed.success || !originatorConversationId) return null;
  const result = parsed.data.Result;
  const items = parametersOf(result);
  const resultCode = String(result.ResultCode).trim();
  const isSuccess = resultCode === '0';
  const amountMinor = amountOf(items, 'TransactionAmount');
  if (isSuccess && items.has('TransactionAmount') && amountMinor === null) return null;
  const publicName = textOf(items, 'ReceiverPartyPublicName');
  // The number may be masked ("2547****5678"): kept as given, matched digit by digit (payouts/payout-match.ts).
  const nameMatch = publicName ? /^\+?([\d*]{9,15})\s*-\s*(.*)$/.exec(publicName) : null;
  const registered = textOf(items, 'B2CRecipientIsRegisteredCustomer');
  const transactionId = result.TransactionID?.trim() || null;
  return {
    originatorConversationId,
    conversationId: result.ConversationID,
    resultCode,
    resultDesc: result.ResultDesc,
    isSuccess,
    transactionId,
    receipt: isSuccess ? ((textOf(items, 'TransactionReceipt') ?? transactionId)?.toUpperCase() ?? null) : null,
    amountMinor: isSuccess ? amountMinor : null,
    receiverPartyPublicName: publicName,
    receiverMsisdn: nameMatch?.[1] ?? null,
    receiverName: nameMatch ? nameMatch[2]?.trim() || null : null,
    completedAt: parseDarajaTime(textOf(items, 'TransactionCompletedDateTime')),
    utilityAvailableMinor: balanceOf(items, 'B2CUtilityAccountAvailableFunds'),
    workingAvailableMinor: balanceOf(items, 'B2CWorkingAccountAvailableFunds'),
    recipientIsRegistered: registered === null ? null : registered.toUpperCase() === 'Y',
  };
}

const QueueTimeoutSchema = z.union([
  z.object({
    OriginatorConversationID: z.string().min(1).max(100),
    ConversationID: z.string().max(100).optional(),
    Amount: z.union([z.string(), z.number()]).optional(),
    PartyB: z.union([z.string(), z.number()]).optional(),
  }),
  z.object({
    Result: z.object({ OriginatorConversationID: z.string().min(1).max(100), ConversationID: z.string().max(100).optional() }),
  }),
]);

export interface B2CQueueTimeout {
  originatorConversationId: string;
  conversationId: string | null;
  amountMinor: bigint | null;
  msisdn: string | null;
}

/**
 * What Daraja posts to QueueTimeOutURL: the original request's fields, or (as some gateways send it) a Result envelope.
 * A queue timeout is not a failure: the payment may still go through, so it is resolved by the status query.
 */
export function parseB2CQueueTimeout(body: unknown): B2CQueueTimeout | null {
  const parsed = QueueTimeoutSchema.safeParse(body);
  if (!parsed.success) return null;
  if ('Result' in parsed.data) {
    const { OriginatorConversationID, ConversationID } = parsed.data.Result;
    return {
      originatorConversationId: OriginatorConversationID,
      conversationId: ConversationID ?? null,
      amountMinor: null,
      msisdn: null,
    };
  }
  const { OriginatorConversationID, ConversationID, Amount, PartyB } = parsed.data;
  return {
    originatorConversationId: OriginatorConversationID,
    conversationId: ConversationID ?? null,
    amountMinor: Amount === undefined ? null : providerAmountToMinor(Amount),
    msisdn: PartyB === undefined ? null : String(PartyB),
  };
}

/** Result codes that say the payment itself failed (nothing was paid): the payout may be failed and its hold returned. */
export const B2C_FAILURE_CODES: ReadonlySet<string> = new Set(['1', '2', '3', '4', '8', '2028', '2040', 'SFC_IC0003']);
/** Result codes of a status query that say M-Pesa has no such transaction (the simulator's R000002; decision 020). */
export const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['R000002']);

export interface B2CStatusResult {
  /** The ConversationID of the query's acknowledgement (match it to the query we sent). */
  conversationId: string;
  resultCode: string;
  resultDesc: string;
  /**
   * `completed`: paid (receipt and amount given); `failed`: M-Pesa says it was not paid; `not-found`: M-Pesa never
   * received it (safe to send again with the same OriginatorConversationID); `unanswered`: the query itself could not
   * be answered (our initiator, busy, or a code we do not know): ask again, decide nothing.
   */
  state: 'completed' | 'failed' | 'not-found' | 'unanswered';
  transactionStatus: string | null;
  receipt: string | null;
  amountMinor: bigint | null;
  /** "2547XXXXXXXX - FIRST LAST" for a B2C payment (the receiver), and the shortcode that paid ("600000 - Tuzo"). */
  creditPartyName: string | null;
  debitPartyName: string | null;
  finalisedAt: Date | null;
}

/**
 * The identifier at the head of a Daraja party name ("2547XXXXXXXX - FIRST LAST", "600000 - Tuzo"): its digits (a
 * masked digit kept as `*`), or null when the name does not start with one.
 */
export function partyIdentifier(name: string | null): string | null {
  const match = name === null ? null : /^\s*\+?([\d*]{5,15})(?![\d*])/.exec(name);
  return match?.[1] ?? null;
}

export function parseB2CStatusResult(body: unknown): B2CStatusResult | null {
  const parsed = ResultSchema.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const items = parametersOf(result);
  const resultCode = String(result.ResultCode).trim();
  const transactionStatus = textOf(items, 'TransactionStatus');
  const receipt = textOf(items, 'ReceiptNo')?.toUpperCase() ?? null;
  const amountMinor = amountOf(items, 'Amount');
  return {
    conversationId: result.ConversationID,
    resultCode,
    resultDesc: result.ResultDesc,
    state: statusState({ resultCode, transactionStatus, receipt, amountMinor }),
    transactionStatus,
    receipt,
    amountMinor,
    creditPartyName: textOf(items, 'CreditPartyName'),
    debitPartyName: textOf(items, 'DebitPartyName'),
    finalisedAt: parseDarajaTime(textOf(items, 'FinalisedTime')),
  };
}

function statusState(input: {
  resultCode: string;
  transactionStatus: string | null;
  receipt: string | null;
  amountMinor: bigint | null;
}): B2CStatusResult['state'] {
  const { resultCode, transactionStatus } = input;
  if (resultCode === '0') {
    if (transactionStatus === null) return 'unanswered';
    if (transactionStatus.toLowerCase() === 'completed') {
      return input.receipt !== null && input.amountMinor !== null ? 'completed' : 'unanswered';
    }
    return /^(failed|declined|cancelled|reversed|expired)$/i.test(transactionStatus) ? 'failed' : 'unanswered';
  }
  if (NOT_FOUND_CODES.has(resultCode)) return 'not-found';
  if (RETRYABLE_RESULT_CODES.has(resultCode)) return 'unanswered';
  return B2C_FAILURE_CODES.has(resultCode) ? 'failed' : 'unanswered';
}

export interface AccountBalanceLine {
  name: string;
  currency: string;
  amountMinor: bigint;
  availableMinor: bigint;
  reservedMinor: bigint;
  unclearedMinor: bigint;
}

/**
 * Daraja's AccountBalance string, `Working Account|KES|700000.00|700000.00|0.00|0.00&Utility Account|KES|...` (name,
 * currency, amount, available, reserved, uncleared), as lines in minor units; null if any line is malformed.
 */
export function parseAccountBalanceText(text: string): AccountBalanceLine[] | null {
  const lines: AccountBalanceLine[] = [];
  for (const segment of text.split('&')) {
    if (segment.trim() === '') continue;
    const fields = segment.split('|').map((field) => field.trim());
    if (fields.length !== 6) return null;
    const [name, currency, ...amounts] = fields as [string, string, string, string, string, string];
    const minors = amounts.map((amount) => providerSignedAmountToMinor(amount));
    if (name === '' || !/^[A-Z]{3}$/.test(currency) || minors.some((minor) => minor === null)) return null;
    const [amountMinor, availableMinor, reservedMinor, unclearedMinor] = minors as [bigint, bigint, bigint, bigint];
    lines.push({ name, currency, amountMinor, availableMinor, reservedMinor, unclearedMinor });
  }
  return lines.length > 0 ? lines : null;
}

export interface AccountBalanceResult {
  conversationId: string;
  resultCode: string;
  resultDesc: string;
  isSuccess: boolean;
  /** Success only. */
  accounts: AccountBalanceLine[] | null;
  /** The available amount of the "Utility Account" line (what B2C payments draw on), when present. */
  utilityAvailableMinor: bigint | null;
  workingAvailableMinor: bigint | null;
}

/** An account balance Result; null when malformed, or a success whose AccountBalance string cannot be read. */
export function parseAccountBalanceResult(body: unknown): AccountBalanceResult | null {
  const parsed = ResultSchema.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const resultCode = String(result.ResultCode).trim();
  const isSuccess = resultCode === '0';
  const text = textOf(parametersOf(result), 'AccountBalance');
  const accounts = text === null ? null : parseAccountBalanceText(text);
  if (isSuccess && accounts === null) return null;
  const available = (name: string) =>
    accounts?.find((line) => line.name.toLowerCase() === name.toLowerCase())?.availableMinor ?? null;
  return {
    conversationId: result.ConversationID,
    resultCode,
    resultDesc: result.ResultDesc,
    isSuccess,
    accounts: isSuccess ? accounts : null,
    utilityAvailableMinor: isSuccess ? available('Utility Account') : null,
    workingAvailableMinor: isSuccess ? available('Working Account') : null,
  };
}
