import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/safe-equal.ts';

/**
 * A Flutterwave webhook is genuine when `verif-hash` equals the secret hash set in the dashboard, or (newer
 * accounts) when `flutterwave-signature` is the HMAC-SHA256 of the raw body keyed with that hash (base64; hex is
 * accepted too).
 */
export function isGenuineFlutterwaveWebhook(input: {
  headers: Record<string, unknown>;
  rawBody: string;
  secretHash: string;
}): boolean {
  const verifHash = input.headers['verif-hash'];
  if (typeof verifHash === 'string' && verifHash.length > 0) return safeEqual(verifHash, input.secretHash);
  const signature = input.headers['flutterwave-signature'];
  if (typeof signature === 'string' && signature.length > 0) {
    const hmac = createHmac('sha256', input.secretHash).update(input.rawBody);
    const digest = hmac.digest();
    return safeEqual(signature, digest.toString('base64')) || safeEqual(signature.toLowerCase(), digest.toString('hex'));
  }
  return false;
}

const WebhookSchema = z.object({
  event: z.string(),
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    tx_ref: z.string().min(1).max(100),
  }),
});

export interface FlutterwaveChargeEvent {
  event: string;
  transactionId: string;
  txRef: string;
}

/** The fields we act on; everything else is re-read from the verify endpoint, never trusted from the webhook. */
export function parseFlutterwaveWebhook(body: unknown): FlutterwaveChargeEvent | null {
  const parsed = WebhookSchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    event: parsed.data.event,
    transactionId: parsed.data.data.id,
    txRef: parsed.data.data.tx_ref,
  };
}
