/** Member wallets (spec part 2, "Wallets"). `balance` is the Jumbo wallet, the only one that pays out. */
export const WALLETS = ['balance', 'deposit', 'ads', 'youtube', 'tiktok'] as const;
export type WalletName = (typeof WALLETS)[number];

/**
 * System accounts. Money enters through `provider:*` (they go negative as members deposit), earnings are paid
 * from `house:*` expense accounts, and held money sits in `hold:*` until a state machine settles it.
 */
export const SYSTEM_ACCOUNTS = [
  'provider:mpesa',
  'provider:flutterwave',
  'provider:manual',
  'provider:payouts',
  'house:fees',
  'house:bonuses',
  'house:commissions',
  'house:tasks',
  'house:spins',
  'house:expenses',
  'house:adjustments',
  'hold:withdrawals',
  // Commissions paid inside a multi-account cluster, until an operator releases or reverses them (decision 062).
  'hold:commissions',
] as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { memberId: bigint; wallet: WalletName } | { system: SystemAccountCode };

export function accountCode(ref: AccountRef): string {
  return 'system' in ref ? ref.system : `member:${ref.memberId.toString()}:${ref.wallet}`;
}

/** Bonuses, task pay and spin wins: the kinds that credit a member for what they did (all earnings). */
const REWARD_KINDS = ['welcome_bonus', 'daily_bonus', 'trivia', 'youtube', 'tiktok', 'ads', 'free_spin', 'casino_spin'] as const;

/** Kinds of ledger transaction (business-rules.md, "Transaction kinds"). */
export const TRANSACTION_KINDS = [
  'deposit',
  'activation',
  'commission_l1',
  'commission_l2',
  'commission_l3',
  // A held commission released to the upline's Jumbo wallet (decision 062): an earning like the commission.
  'commission_release',
  'withdrawal_hold',
  'withdrawal_complete',
  'withdrawal_refund',
  'pay_for_client',
  ...REWARD_KINDS,
  'adjustment',
  'reversal',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Kinds whose credits to a member wallet count as earnings in `profit` (withdrawals never reduce it). */
export const EARNING_KINDS: readonly TransactionKind[] = [
  'commission_l1',
  'commission_l2',
  'commission_l3',
  'commission_release',
  ...REWARD_KINDS,
];
