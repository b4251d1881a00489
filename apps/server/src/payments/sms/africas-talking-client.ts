import { z } from 'zod';
import { providerFeeToMinor } from '../amounts.ts';
import { callProvider, ProviderError } from '../http.ts';
import type { SmsCost, SmsDeliveryReport, SmsProvider, SmsSendRequest, SmsSendResult } from './sms-provider.ts';

export interface AfricasTalkingConfig {
  /** https://api.africastalking.com, https://api.sandbox.africastalking.com, or the simulator. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered sender id (alphanumeric or short code); the provider's shared one when absent. */
  senderId?: string;
  timeoutMs?: number;
}

/**
 * Recipient status codes (payment-providers.md, "Africa's Talking: SMS"): 100 processed, 101 sent and 102 queued mean
 * the message was taken. Of the refusals, 405 (our balance is too low), 407 (could not route), 500 and 501 (errors on
 * its side) pass, so the message is tried again later; 401 risk hold, 402 invalid sender id, 403 invalid phone
 * number, 404 unsupported number type, 406 blacklisted and 502 rejected by the gateway are final.
 */
const ACCEPTED = new Set([100, 101, 102]);
const TRY_AGAIN = new Set([405, 407, 500, 501]);

const SendAnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        statusCode: z.coerce.number().int(),
        number: z.string().optional(),
        status: z.string(),
        cost: z.string().optional(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

/** "KES 0.8000" as minor units of its currency (rounded half up from the decimal text, never through a float). */
export function parseAtCost(text: string | undefined): SmsCost | null {
  const match = /^([A-Z]{3})\s+(\d{1,12}(?:\.\d{1,6})?)$/.exec(text?.trim() ?? '');
  if (!match?.[1] || match[2] === undefined) return null;
  const minor = providerFeeToMinor(match[2]);
  return minor === null ? null : { minor, currency: match[1] };
}

/** Africa's Talking delivery report statuses: Success reached the phone; Sent and Buffered are still on the way. */
const REPORT_OUTCOMES: Record<string, SmsDeliveryReport['outcome']> = {
  Success: 'delivered',
  Sent: 'pending',
  Buffered: 'pending',
  Submitted: 'pending',
  Rejected: 'rejected',
  Failed: 'failed',
};

export class AfricasTalkingClient implements SmsProvider {
  readonly name = 'africastalking' as const;

  constructor(private readonly config: AfricasTalkingConfig) {}

  /** `POST /version1/messaging` with the form body and the apiKey header; one recipient per call. */
  async send(request: SmsSendRequest): Promise<SmsSendResult> {
    let response;
    try {
      response = await callProvider('africastalking', `${this.config.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.config.apiKey },
        form: {
          username: this.config.username,
          to: request.to,
          message: request.text,
          ...(this.config.senderId ? { from: this.config.senderId } : {}),
        },
        ...(this.config.timeoutMs !== undefined ? { timeoutMs: this.config.timeoutMs } : {}),
      });
    } catch (error) {
      if (error instanceof ProviderError) return { outcome: 'retry', reason: error.message };
      throw error;
    }
    const parsed = SendAnswerSchema.safeParse(response.body);
    if (response.status >= 300 || !parsed.success)
      return { outcome: 'retry', reason: `Africa's Talking answered HTTP ${response.status} ${describe(response.body)}` };
    const recipient = parsed.data.SMSMessageData.Recipients[0];
    if (!recipient)
      return { outcome: 'rejected', status: 'NoRecipient', reason: parsed.data.SMSMessageData.Message ?? 'No recipient taken' };
    if (ACCEPTED.has(recipient.statusCode) && recipient.messageId && recipient.messageId !== 'None')
      return { outcome: 'accepted', messageId: recipient.messageId, status: recipient.status, cost: parseAtCost(recipient.cost) };
    const reason = `${recipient.statusCode} ${recipient.status}`;
    if (TRY_AGAIN.has(recipient.statusCode)) return { outcome: 'retry', reason };
    return {
      outcome: 'rejected',
      status: recipient.status,
      reason,
      ...(recipient.statusCode === 406 ? { blacklisted: true } : {}),
    };
  }

  /** The form fields Africa's Talking posts to the delivery report URL: id, status, failureReason, phoneNumber... */
  readDeliveryReport(fields: Record<string, unknown>): SmsDeliveryReport | null {
    const id = fields.id;
    const status = fields.status;
    if (typeof id !== 'string' || id === '' || id.length > 100 || typeof status !== 'string') return null;
    const outcome = REPORT_OUTCOMES[status];
    if (!outcome) return null;
    const reason = typeof fields.failureReason === 'string' && fields.failureReason !== '' ? fields.failureReason : null;
    return { messageId: id, status, outcome, failureReason: reason?.slice(0, 200) ?? null };
  }
}

function describe(body: unknown): string {
  if (body === null || body === undefined) return '(no JSON body)';
  return JSON.stringify(body).slice(0, 200);
}
