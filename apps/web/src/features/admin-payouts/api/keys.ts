/** Every payouts query (queue, one payout, risk flags) shares this key prefix; a check or a cleared flag reloads them. */
export const PAYOUTS_KEY = ['admin', 'payouts'] as const;
