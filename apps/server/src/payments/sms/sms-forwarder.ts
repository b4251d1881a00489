import { z } from 'zod';
import { providerAmountToMinor } from '../amounts.ts';

/**
 * SMS-forwarder payments: an operator's phone forwards each incoming mobile-money SMS to our webhook (protected
 * by a shared secret in the path). One parser per provider turns the text into a transaction code, amount,
 * sender and currency; the raw text is stored alongside so nothing is lost when a format changes.
 */
export interface ParsedSmsPayment {
  provider: 'mpesa_ke' | 'mtn_ug' | 'airtel_ug';
  transId: string;
  amountMinor: bigint;
  currency: string;
  msisdn: string | null;
  senderName: string | null;
}

interface SmsParser {
  provider: ParsedSmsPayment['provider'];
  currency: string;
  /** Sample: a message this parser must read (kept next to the pattern, checked by the tests). */
  sample: string;
  parse: (text: string) => Omit<ParsedSmsPayment, 'provider' | 'currency'> | null;
}

const AMOUNT = '([\\d,]+(?:\\.\\d{1,2})?)';

function build(match: RegExpExecArray | null, order: { id: number; amount: number; name: number; phone: number }) {
  if (!match) return null;
  const transId = match[order.id]?.toUpperCase();
  const amountMinor = providerAmountToMinor(match[order.amount] ?? '');
  if (!transId || amountMinor === null || amountMinor <= 0n) return null;
  return {
    transId,
    amountMinor,
    senderName: match[order.name]?.trim() || null,
    msisdn: match[order.phone]?.replace(/^\+/, '') ?? null,
  };
}

export const SMS_PARSERS: readonly SmsParser[] = [
  {
    provider: 'mpesa_ke',
    currency: 'KES',
    sample:
      'QK12ABC3DE Confirmed. Ksh1,000.00 received from JOHN DOE 254712345678 on 1/11/26 at 10:00 AM New M-PESA balance is Ksh5,250.00.',
    parse: (text) =>
      build(
        new RegExp(
          `^\\s*([A-Z0-9]{10})\\s+Confirmed\\.?\\s*(?:You have received\\s+)?Ksh\\s?${AMOUNT}\\s+(?:received\\s+)?from\\s+(.+?)\\s+(\\+?\\d{9,12})\\s+on\\s`,
          'i',
        ).exec(text),
        { id: 1, amount: 2, name: 3, phone: 4 },
      ),
  },
  {
    provider: 'mtn_ug',
    currency: 'UGX',
    sample:
      "Y'ello. You have received 50,000 UGX from JOHN DOE (256772123456) on 2026-01-11 10:00:00. Reason: deposit. Your new balance: 120,000 UGX. Fee was 0 UGX. Financial Transaction Id: 12345678901.",
    parse: (text) =>
      build(
        new RegExp(
          `received\\s+${AMOUNT}\\s*UGX\\s+from\\s+(.+?)\\s*\\((\\d{9,12})\\)[\\s\\S]*?Financial Transaction Id:\\s*([A-Z0-9.]{6,30}?)\\.?(?:\\s|$)`,
          'i',
        ).exec(text),
        { id: 4, amount: 1, name: 2, phone: 3 },
      ),
  },
  {
    provider: 'airtel_ug',
    currency: 'UGX',
    sample: 'You have received UGX 20,000 from JOHN DOE 256701234567. Bal: UGX 45,000. TID: 123456789012. Airtel Money.',
    parse: (text) =>
      build(
        new RegExp(
          `received\\s+UGX\\s*${AMOUNT}\\s+from\\s+(.+?),?\\s+(\\+?\\d{9,12})\\b[\\s\\S]*?TID:?\\s*([A-Z0-9.]{6,30}?)\\.?(?:\\s|$)`,
          'i',
        ).exec(text),
        { id: 4, amount: 1, name: 2, phone: 3 },
      ),
  },
];

/** The first parser that reads the message, or null for a message that is not a recognised payment. */
export function parsePaymentSms(text: string): ParsedSmsPayment | null {
  for (const parser of SMS_PARSERS) {
    const parsed = parser.parse(text);
    if (parsed) return { provider: parser.provider, currency: parser.currency, ...parsed };
  }
  return null;
}

/**
 * What forwarder apps post: the sender (`from`), the phone that received and forwarded the message (`to`) and the text,
 * each under one of the common field names.
 */
export const SmsWebhookSchema = z
  .object({
    from: z.string().max(100).optional(),
    sender: z.string().max(100).optional(),
    to: z.union([z.string().max(30), z.number()]).optional(),
    forwarder: z.union([z.string().max(30), z.number()]).optional(),
    phone: z.union([z.string().max(30), z.number()]).optional(),
    message: z.string().max(2000).optional(),
    text: z.string().max(2000).optional(),
    body: z.string().max(2000).optional(),
    content: z.string().max(2000).optional(),
  })
  .passthrough()
  .transform((value) => ({
    from: value.from ?? value.sender ?? null,
    to: value.to ?? value.forwarder ?? value.phone ?? null,
    text: value.message ?? value.text ?? value.body ?? value.content ?? '',
  }));

/** A sender name as compared: upper case, letters and digits only (`M-PESA`, `MPESA` and `mpesa` are one sender). */
export function senderKey(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A forwarder phone as compared: international digits (`+2547…`, `2547…`, `07…` are one number). */
export function forwarderPhoneKey(phone: string | number): string {
  return String(phone)
    .replace(/\D/g, '')
    .replace(/^0(\d{9})$/, '254$1');
}

/**
 * Why a forwarded message is not taken (decision 046), or null: it must come from one of the configured sender names
 * (M-Pesa's own, MPESA) and be forwarded by one of the configured phones; a message typed by anyone, or forwarded from
 * another phone, could name any transaction code.
 */
export function whyNotFromForwarder(
  message: { from: string | null; to: string | number | null },
  allowed: { senders: readonly string[]; phones: readonly string[] },
): string | null {
  if (allowed.phones.length === 0) return 'No forwarder phone is configured (SMS_FORWARDER_PHONES)';
  if (message.to === null || !allowed.phones.includes(forwarderPhoneKey(message.to)))
    return 'Not forwarded by the configured forwarder phone';
  if (message.from === null || !allowed.senders.map(senderKey).includes(senderKey(message.from)))
    return 'Not sent by an accepted sender name';
  return null;
}
