/**
 * What the SMS outbox needs from a provider (docs/decisions/037-sms-outbox.md): send one message to one phone and
 * say what became of it, and read the provider's delivery reports. Africa's Talking is the first provider
 * (africas-talking-client.ts); another one implements the same two functions.
 */
export interface SmsProvider {
  /** Stored with each message sent, so a delivery report is matched to the provider that sent it. */
  readonly name: 'africastalking';
  send(request: SmsSendRequest): Promise<SmsSendResult>;
  /** A delivery report's fields (as posted), or null when they are not one. */
  readDeliveryReport(fields: Record<string, unknown>): SmsDeliveryReport | null;
}

export interface SmsSendRequest {
  /** E.164 with the plus: "+254712345678". */
  to: string;
  text: string;
}

export type SmsSendResult =
  /** The provider took the message; its id, its status word and the cost it charged (when it said). */
  | { outcome: 'accepted'; messageId: string; status: string; cost: SmsCost | null }
  /**
   * The provider refused the message for good (an invalid number, a blacklisted one): never sent again. `blacklisted`:
   * the number opted out through the provider (Africa's Talking 406), so promotions stop for it (decision 057).
   */
  | { outcome: 'rejected'; status: string; reason: string; blacklisted?: boolean }
  /** Not sent this time (unreachable, an error on its side, its balance too low): worth another try later. */
  | { outcome: 'retry'; reason: string };

export interface SmsCost {
  minor: bigint;
  currency: string;
}

/** What a delivery report says: the message, and whether it reached the phone, is still on its way, or never will. */
export interface SmsDeliveryReport {
  messageId: string;
  /** The provider's word: Success, Sent, Buffered, Rejected, Failed. */
  status: string;
  outcome: 'delivered' | 'pending' | 'failed' | 'rejected';
  failureReason: string | null;
}
