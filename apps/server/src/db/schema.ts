/* eslint-disable max-lines -- one declaration of every table and view, in migration order, checked whole against the migrated database by test/db-schema.test.ts (decision 029); split by module it would hide a table from that comparison. */
import { APPROVAL_KINDS, type SpinTable } from '@tuzo/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Longer than 250 lines on purpose: one Drizzle declaration per table and view the SQL migrations create, in
 * migration order, so a table is found by its migration's name.
 *
 * The migrations in ./migrations are the source of truth; this file describes every table and view they create
 * (and the migrator's schema_migrations), with the same column names, types, nullability, simple defaults and
 * primary keys. test/db-schema.test.ts compares it with the migrated database's information_schema both ways, so a
 * migration that adds, drops or changes a column fails that test until this file says the same
 * (docs/decisions/029-typed-business-rows.md). Text columns with a CHECK (... IN (...)) carry those values as
 * their enum. Money columns are bigint minor units read as JS bigint.
 */
const money = (name: string) => bigint(name, { mode: 'bigint' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// 0001_foundation.sql

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  dial: text('dial').notNull(),
  abbreviation: text('abbreviation').notNull(),
  currency: text('currency').notNull(),
  rateMicro: money('rate_micro').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  isDefault: boolean('is_default').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const countryFees = pgTable('country_fees', {
  countryId: integer('country_id').primaryKey(),
  cregMinor: money('creg_minor').notNull(),
  fl1Minor: money('fl1_minor').notNull(),
  fl2Minor: money('fl2_minor').notNull(),
  fl3Minor: money('fl3_minor').notNull(),
  cbonusMinor: money('cbonus_minor').notNull(),
  minWithMinor: money('min_with_minor').notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const tariffBrackets = pgTable('tariff_brackets', {
  id: serial('id').primaryKey(),
  countryId: integer('country_id').notNull(),
  minMinor: money('min_minor').notNull(),
  maxMinor: money('max_minor').notNull(),
  tariffMinor: money('tariff_minor').notNull(),
});

export const members = pgTable('members', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  countryId: integer('country_id').notNull(),
  l1Id: bigint('l1_id', { mode: 'bigint' }),
  l2Id: bigint('l2_id', { mode: 'bigint' }),
  l3Id: bigint('l3_id', { mode: 'bigint' }),
  status: text('status', { enum: ['inactive', 'active', 'suspended'] })
    .notNull()
    .default('inactive'),
  role: text('role', { enum: ['member', 'support', 'operator'] })
    .notNull()
    .default('member'),
  isHouse: boolean('is_house').notNull().default(false),
  signupBonusMinor: money('signup_bonus_minor').notNull().default(0n),
  joinedAt: ts('joined_at')
    .notNull()
    .default(sql`now()`),
  activatedAt: ts('activated_at'),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
  // Staff two-factor sign-in and disabling (migration 0150_staff_totp.sql).
  totpSecret: text('totp_secret'),
  totpEnabledAt: ts('totp_enabled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'bigint' }),
  disabledAt: ts('disabled_at'),
  // The member's language and SMS choices (migration 0400_sms_outbox.sql).
  language: text('language', { enum: ['en', 'sw'] })
    .notNull()
    .default('en'),
  smsCommission: boolean('sms_commission').notNull().default(true),
  smsPromotions: boolean('sms_promotions').notNull().default(false),
  // The USSD PIN's argon2 hash, wrong PINs in a row, and when three locked USSD withdrawals (migration 0513_ussd_pin.sql).
  ussdPinHash: text('ussd_pin_hash'),
  ussdPinFailures: integer('ussd_pin_failures').notNull().default(0),
  ussdLockedAt: ts('ussd_locked_at'),
  // When the account was closed and its personal fields pseudonymised (migration 0440_members_data.sql).
  closedAt: ts('closed_at'),
  // The operators who asked for and approved this staff account (migration 0481): it never decides their requests.
  staffRequestedBy: bigint('staff_requested_by', { mode: 'bigint' }),
  staffApprovedBy: bigint('staff_approved_by', { mode: 'bigint' }),
});

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  // Idle timeout (migration 0210): the session ends `idle_seconds` after `last_seen_at`.
  lastSeenAt: ts('last_seen_at')
    .notNull()
    .default(sql`now()`),
  idleSeconds: integer('idle_seconds').notNull().default(604800),
});

export const passwordResets = pgTable('password_resets', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  sentAt: ts('sent_at'),
  error: text('error'),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  actorId: bigint('actor_id', { mode: 'bigint' }),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

// 0010_ledger.sql

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  code: text('code').notNull(),
  kind: text('kind', { enum: ['member', 'system'] }).notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }),
  wallet: text('wallet', { enum: ['balance', 'deposit', 'ads', 'youtube', 'tiktok'] }),
  balanceMinor: money('balance_minor').notNull().default(0n),
  allowNegative: boolean('allow_negative').notNull().default(false),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }),
  reversesId: bigint('reverses_id', { mode: 'bigint' }),
  memo: text('memo'),
  rateMicro: money('rate_micro'),
  localAmountMinor: money('local_amount_minor'),
  localCurrency: text('local_currency'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  request: jsonb('request'),
});

// 0521: the primary key is (transaction_id, id), which also serves the lookups by transaction (decision 065).
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.id] })],
);

// 0020_deposits.sql

export const deposits = pgTable('deposits', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  method: text('method', { enum: ['stkpush', 'flutterwave', 'manual'] }).notNull(),
  status: smallint('status').notNull().default(0),
  amountLocalMinor: money('amount_local_minor').notNull(),
  currency: text('currency').notNull(),
  rateMicro: money('rate_micro').notNull(),
  amountSystemMinor: money('amount_system_minor').notNull(),
  phone: text('phone'),
  checkoutRequestId: text('checkout_request_id'),
  merchantRequestId: text('merchant_request_id'),
  txRef: text('tx_ref'),
  paymentLink: text('payment_link'),
  providerRef: text('provider_ref'),
  idempotencyKey: text('idempotency_key'),
  failureReason: text('failure_reason'),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  completedAt: ts('completed_at'),
  providerCheckedAt: ts('provider_checked_at'),
});

export const paymentNotifications = pgTable('payment_notifications', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  source: text('source').notNull(),
  transId: text('trans_id').notNull(),
  amountMinor: money('amount_minor').notNull(),
  currency: text('currency').notNull(),
  msisdn: text('msisdn'),
  senderName: text('sender_name'),
  raw: jsonb('raw').notNull(),
  receivedAt: ts('received_at')
    .notNull()
    .default(sql`now()`),
  claimedByDepositId: bigint('claimed_by_deposit_id', { mode: 'bigint' }),
  claimedAt: ts('claimed_at'),
  verification: text('verification', { enum: ['pending', 'verified', 'refused', 'manual'] })
    .notNull()
    .default('pending'),
  verifiedAmountMinor: money('verified_amount_minor'),
  verificationNote: text('verification_note'),
  verifiedAt: ts('verified_at'),
  queryConversationId: text('query_conversation_id'),
  querySentAt: ts('query_sent_at'),
  queryAttempts: integer('query_attempts').notNull().default(0),
  waitingMemberId: bigint('waiting_member_id', { mode: 'bigint' }),
  waitingSince: ts('waiting_since'),
});

export const codeReviews = pgTable('code_reviews', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  code: text('code').notNull(),
  status: text('status', { enum: ['pending', 'credited', 'rejected'] })
    .notNull()
    .default('pending'),
  amountMinor: money('amount_minor'),
  currency: text('currency'),
  depositId: bigint('deposit_id', { mode: 'bigint' }),
  resolvedBy: bigint('resolved_by', { mode: 'bigint' }),
  resolvedAt: ts('resolved_at'),
  note: text('note'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

// 0030_money.sql

export const activations = pgTable('activations', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  generation: integer('generation').notNull(),
  isFree: boolean('is_free').notNull().default(false),
  feeSystemMinor: money('fee_system_minor').notNull(),
  activationTransactionId: bigint('activation_transaction_id', { mode: 'bigint' }),
  activatedBy: bigint('activated_by', { mode: 'bigint' }),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  deactivatedAt: ts('deactivated_at'),
  deactivatedBy: bigint('deactivated_by', { mode: 'bigint' }),
});

export const withdrawals = pgTable('withdrawals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  wallet: text('wallet', { enum: ['balance', 'ads', 'youtube', 'tiktok'] }).notNull(),
  amountLocalMinor: money('amount_local_minor').notNull(),
  feeLocalMinor: money('fee_local_minor').notNull(),
  currency: text('currency').notNull(),
  rateMicro: money('rate_micro').notNull(),
  amountSystemMinor: money('amount_system_minor').notNull(),
  feeSystemMinor: money('fee_system_minor').notNull(),
  status: smallint('status').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull(),
  holdTransactionId: bigint('hold_transaction_id', { mode: 'bigint' }).notNull(),
  settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }),
  decidedBy: bigint('decided_by', { mode: 'bigint' }),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  // 0490: where the payout goes, recorded when the member asked (never the phone at approval).
  payoutPhone: text('payout_phone').notNull(),
  payoutName: text('payout_name'),
});

export const transfers = pgTable('transfers', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  payerId: bigint('payer_id', { mode: 'bigint' }).notNull(),
  clientId: bigint('client_id', { mode: 'bigint' }).notNull(),
  wallet: text('wallet', { enum: ['balance', 'deposit'] }).notNull(),
  amountLocalMinor: money('amount_local_minor').notNull(),
  currency: text('currency').notNull(),
  rateMicro: money('rate_micro').notNull(),
  amountSystemMinor: money('amount_system_minor').notNull(),
  status: smallint('status').notNull().default(2),
  idempotencyKey: text('idempotency_key').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

// 0040_member_notifications.sql

export const memberNotifications = pgTable('member_notifications', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  msg: text('msg').notNull(),
  severity: text('severity', { enum: ['info', 'success', 'warning', 'error'] }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  deliveredAt: ts('delivered_at'),
  readAt: ts('read_at'),
});

// 0050_one_money_movement.sql

export const memberTotals = pgTable(
  'member_totals',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    bucket: text('bucket').notNull(),
    totalMinor: money('total_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.bucket] })],
);

export const memberTotalsFromLedger = pgView('member_totals_from_ledger', {
  memberId: bigint('member_id', { mode: 'bigint' }),
  bucket: text('bucket'),
  totalMinor: money('total_minor'),
}).existing();

export const ledgerBusinessTables = pgTable('ledger_business_tables', {
  name: text('name').primaryKey(),
});

// 0060_rate_limits.sql

export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

// 0070_team.sql

export const teamCounts = pgTable(
  'team_counts',
  {
    uplineId: bigint('upline_id', { mode: 'bigint' }).notNull(),
    level: smallint('level').notNull(),
    total: integer('total').notNull(),
    active: integer('active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uplineId, t.level] })],
);

export const teamCountsFromMembers = pgView('team_counts_from_members', {
  uplineId: bigint('upline_id', { mode: 'bigint' }),
  level: smallint('level'),
  total: integer('total'),
  active: integer('active'),
}).existing();

// 0080_reference_version.sql

export const referenceVersion = pgTable('reference_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

// 0100_spins.sql

export const spinSeeds = pgTable('spin_seeds', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nextNonce: integer('next_nonce').notNull().default(0),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  revealedAt: ts('revealed_at'),
});

export const spinMembers = pgTable('spin_members', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  ageConfirmedAt: ts('age_confirmed_at'),
  excludedUntil: ts('excluded_until'),
  excludedForever: boolean('excluded_forever').notNull().default(false),
});

export const spins = pgTable('spins', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  kind: text('kind', { enum: ['free', 'casino'] }).notNull(),
  wallet: text('wallet', { enum: ['balance', 'deposit'] }),
  stakeLocalMinor: money('stake_local_minor').notNull().default(0n),
  stakeSystemMinor: money('stake_system_minor').notNull().default(0n),
  figure: text('figure').notNull(),
  segment: smallint('segment').notNull(),
  wheel: jsonb('wheel').$type<SpinTable>().notNull(),
  winSystemMinor: money('win_system_minor').notNull(),
  winLocalMinor: money('win_local_minor').notNull(),
  currency: text('currency').notNull(),
  rateMicro: money('rate_micro').notNull(),
  seedId: bigint('seed_id', { mode: 'bigint' }).notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

// 0110_bonuses_notifications.sql

export const bonusClaims = pgTable('bonus_claims', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  kind: text('kind', { enum: ['daily', 'welcome'] }).notNull(),
  day: date('day', { mode: 'string' }),
  amountMinor: money('amount_minor').notNull(),
  points: integer('points').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

// 0120_task_schedules.sql

export const taskSchedules = pgTable('task_schedules', {
  kind: text('kind', { enum: ['youtube', 'tiktok', 'ads', 'trivia'] }).primaryKey(),
  weekdays: smallint('weekdays').array().notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

// 0130_videos_ads.sql

export const videos = pgTable('videos', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  task: text('task', { enum: ['youtube', 'tiktok'] }).notNull(),
  source: text('source', { enum: ['youtube', 'tiktok', 'file'] }).notNull(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  priceMinor: money('price_minor').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const ads = pgTable('ads', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  link: text('link'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const taskDaySets = pgTable(
  'task_day_sets',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['youtube', 'tiktok', 'ads'] }).notNull(),
    itemIds: bigint('item_ids', { mode: 'bigint' }).array().notNull(),
    drawnAt: ts('drawn_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

export const videoPayments = pgTable('video_payments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  videoId: bigint('video_id', { mode: 'bigint' }).notNull(),
  task: text('task', { enum: ['youtube', 'tiktok'] }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  amountMinor: money('amount_minor').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const adResponses = pgTable(
  'ad_responses',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    adId: bigint('ad_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    liked: boolean('liked').notNull().default(false),
    message: text('message'),
    updatedAt: ts('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.adId, t.day] })],
);

export const adPayments = pgTable('ad_payments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  adId: bigint('ad_id', { mode: 'bigint' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  action: text('action', { enum: ['like', 'comment'] }).notNull(),
  amountMinor: money('amount_minor').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const timetableTasks = pgTable('timetable_tasks', {
  aid: serial('aid').primaryKey(),
  aname: text('aname').notNull(),
  adate: jsonb('adate').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

// 0140_trivia_lessons.sql

export const triviaQuestions = pgTable('trivia_questions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  question: text('question').notNull(),
  options: text('options').array().notNull(),
  correct: smallint('correct').notNull(),
  active: boolean('active').notNull().default(true),
  seedKey: text('seed_key'),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const triviaRounds = pgTable('trivia_rounds', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  questionIds: bigint('question_ids', { mode: 'bigint' }).array().notNull(),
  startedAt: ts('started_at').notNull(),
  submittedAt: ts('submitted_at'),
  answers: jsonb('answers'),
  correctCount: smallint('correct_count'),
});

export const triviaPayouts = pgTable('trivia_payouts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  roundId: bigint('round_id', { mode: 'bigint' }).notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  correctCount: smallint('correct_count').notNull(),
  amountMinor: money('amount_minor').notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const lessons = pgTable('lessons', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: ['forex', 'crypto'] }).notNull(),
  part: smallint('part').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  link: text('link'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export const lessonEnrolments = pgTable(
  'lesson_enrolments',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: ['forex', 'crypto'] }).notNull(),
    enrolledAt: ts('enrolled_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    lessonId: bigint('lesson_id', { mode: 'bigint' }).notNull(),
    doneAt: ts('done_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.lessonId] })],
);

// 0150_staff_totp.sql

export const totpRecoveryCodes = pgTable('totp_recovery_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  usedAt: ts('used_at'),
});

// 0170_overview.sql

export const overviewDays = pgTable(
  'overview_days',
  {
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    joined: integer('joined').notNull(),
    activations: integer('activations').notNull(),
    depositsCount: integer('deposits_count').notNull(),
    depositsMinor: money('deposits_minor').notNull(),
    withdrawalsCount: integer('withdrawals_count').notNull(),
    withdrawalsMinor: money('withdrawals_minor').notNull(),
    youtubeMinor: money('youtube_minor').notNull(),
    tiktokMinor: money('tiktok_minor').notNull(),
    adsMinor: money('ads_minor').notNull(),
    triviaMinor: money('trivia_minor').notNull(),
    casinoCount: integer('casino_count').notNull(),
    casinoInMinor: money('casino_in_minor').notNull(),
    casinoOutMinor: money('casino_out_minor').notNull(),
    freeCount: integer('free_count').notNull(),
    freeOutMinor: money('free_out_minor').notNull(),
    computedAt: ts('computed_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.day] })],
);

export const memberEarnings = pgTable('member_earnings', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  totalMinor: money('total_minor').notNull(),
});

// 0180_four_eyes.sql

export const approvalRequests = pgTable('approval_requests', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
  state: text('state', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
    .notNull()
    .default('pending'),
  requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
  // 0480: optional for the kinds that are changes, not money (required for the money kinds by a CHECK).
  memberId: bigint('member_id', { mode: 'bigint' }),
  amountSystemMinor: money('amount_system_minor'),
  amountMinor: money('amount_minor'),
  currency: text('currency'),
  params: jsonb('params').notNull(),
  targetRef: text('target_ref'),
  reason: text('reason').notNull().default(''),
  requestedAt: ts('requested_at').notNull(),
  decidedBy: bigint('decided_by', { mode: 'bigint' }),
  decidedAt: ts('decided_at'),
  decisionNote: text('decision_note'),
  result: jsonb('result'),
});

// 0210_sessions_idle_and_access_links.sql

export const accessLinks = pgTable('access_links', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdIp: text('created_ip'),
  usedIp: text('used_ip'),
});

// 0222_one_video_at_a_time.sql

export const videoWatches = pgTable('video_watches', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  videoId: bigint('video_id', { mode: 'bigint' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  startedAt: ts('started_at').notNull(),
});

// 0230_api_idempotency.sql

export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    action: text('action').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    status: integer('status'),
    answer: text('answer'),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.action, t.key] })],
);

// 0300_payouts.sql

export const payouts = pgTable('payouts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' }).notNull(),
  attempt: integer('attempt').notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  provider: text('provider', { enum: ['mpesa_b2c', 'flutterwave'] }).notNull(),
  state: text('state', { enum: ['approved', 'sent', 'unknown', 'paid', 'failed'] }).notNull(),
  reference: text('reference').notNull(),
  phone: text('phone').notNull(),
  amountMinor: money('amount_minor').notNull(),
  currency: text('currency').notNull(),
  conversationId: text('conversation_id'),
  receipt: text('receipt'),
  receiverName: text('receiver_name'),
  providerFeeMinor: money('provider_fee_minor'),
  failureCode: text('failure_code'),
  failureReason: text('failure_reason'),
  providerDetail: text('provider_detail'),
  approvedBy: bigint('approved_by', { mode: 'bigint' }),
  approvalId: bigint('approval_id', { mode: 'bigint' }),
  sendStartedAt: ts('send_started_at'),
  sentAt: ts('sent_at'),
  unknownSince: ts('unknown_since'),
  queryConversationId: text('query_conversation_id'),
  querySentAt: ts('query_sent_at'),
  queryAttempts: integer('query_attempts').notNull().default(0),
  settledAt: ts('settled_at'),
  settledBy: text('settled_by', { enum: ['result', 'query', 'send', 'operator'] }),
  settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }),
  createdAt: ts('created_at').notNull(),
  // 0500_provider_confirmed_money.sql
  providerAnswer: text('provider_answer', { enum: ['completed', 'failed', 'not-found'] }),
  providerAnswerDetail: text('provider_answer_detail'),
  providerAnswerAt: ts('provider_answer_at'),
});

export const payoutExchanges = pgTable('payout_exchanges', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  payoutId: bigint('payout_id', { mode: 'bigint' }),
  kind: text('kind', {
    enum: ['send', 'ack', 'result', 'timeout', 'query', 'query_ack', 'query_result', 'fetch', 'webhook', 'balance'],
  }).notNull(),
  httpStatus: integer('http_status'),
  body: jsonb('body').notNull(),
  at: ts('at').notNull(),
});

// 0500_provider_confirmed_money.sql

export const moneyAlerts = pgTable('money_alerts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: ['deposit_refused', 'payout_mismatch', 'double_payment'] }).notNull(),
  payoutId: bigint('payout_id', { mode: 'bigint' }),
  notificationId: bigint('notification_id', { mode: 'bigint' }),
  memberId: bigint('member_id', { mode: 'bigint' }),
  transactionCode: text('transaction_code'),
  detail: text('detail').notNull(),
  createdAt: ts('created_at').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
});

export const payoutParkedResults = pgTable('payout_parked_results', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: ['b2c_result', 'status_result'] }).notNull(),
  reference: text('reference'),
  conversationId: text('conversation_id'),
  body: jsonb('body').notNull(),
  receivedAt: ts('received_at').notNull(),
  appliedAt: ts('applied_at'),
});

export const payoutBalances = pgTable(
  'payout_balances',
  {
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: money('balance_minor').notNull(),
    source: text('source').notNull(),
    reportedAt: ts('reported_at').notNull(),
    // 0381_payout_low_balance.sql
    lowSince: ts('low_since'),
  },
  // 0510_payout_balance_per_currency.sql
  (t) => [primaryKey({ columns: [t.provider, t.currency] })],
);

// 0360_payout_risk.sql

export const payoutRiskFlags = pgTable('payout_risk_flags', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  withdrawalId: bigint('withdrawal_id', { mode: 'bigint' }).notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  kind: text('kind', {
    // 0517: 'cluster'.
    enum: [
      'shared_phone',
      'shared_name',
      'daily_count',
      'after_adjustment',
      'after_upline_change',
      'after_phone_change',
      'cluster',
    ],
  }).notNull(),
  reason: text('reason').notNull(),
  detail: jsonb('detail')
    .notNull()
    .default(sql`'{}'::jsonb`),
  raisedAt: ts('raised_at').notNull(),
  clearedAt: ts('cleared_at'),
  clearedBy: bigint('cleared_by', { mode: 'bigint' }),
  note: text('note'),
  // 0481: the staff whose action raised the flag; none of them clears it.
  raisedBy: bigint('raised_by', { mode: 'bigint' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
});

// 0481_four_eyes_one_person.sql

/** What each member received from staff actions, for the rolling 24-hour four-eyes sum. */
export const staffMoneyCounts = pgTable('staff_money_counts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  amountSystemMinor: money('amount_system_minor').notNull(),
  source: text('source', { enum: ['adjust', 'deposit', 'code', 'upline'] }).notNull(),
  approvalId: bigint('approval_id', { mode: 'bigint' }),
  staffIds: bigint('staff_ids', { mode: 'bigint' }).array().notNull(),
  countedAt: ts('counted_at').notNull(),
});

/** One-time enrolment links of new staff accounts (only the hash). */
export const staffEnrolments = pgTable('staff_enrolments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  issuedBy: text('issued_by', { enum: ['approval', 'server'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

// The migrator's own record of applied files (db/migrate.ts creates it before the first migration).
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at')
    .notNull()
    .default(sql`now()`),
});

// 0400_sms_outbox.sql

export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  phone: text('phone').notNull(),
  language: text('language', { enum: ['en', 'sw'] }).notNull(),
  kind: text('kind', {
    enum: [
      'deposit_credited',
      'withdrawal_paid',
      'withdrawal_failed',
      'account_activated',
      'commission_earned',
      'promotion',
      'phone_change_code',
      'phone_changed',
    ],
  }).notNull(),
  text: text('text').notNull(),
  encoding: text('encoding', { enum: ['gsm7', 'ucs2'] }).notNull(),
  parts: integer('parts').notNull(),
  state: text('state', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed', 'rejected'] })
    .notNull()
    .default('queued'),
  dedupeKey: text('dedupe_key').notNull(),
  provider: text('provider'),
  providerMessageId: text('provider_message_id'),
  providerStatus: text('provider_status'),
  costMinor: money('cost_minor'),
  costCurrency: text('cost_currency'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  claimedAt: ts('claimed_at'),
  lastError: text('last_error'),
  failureReason: text('failure_reason'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
  updatedAt: ts('updated_at').notNull(),
});

// 0515_sms_opt_outs.sql: each time a phone number stopped promotional SMS, with when and how.
export const smsOptOuts = pgTable('sms_opt_outs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }),
  phone: text('phone').notNull(),
  via: text('via', { enum: ['keyword', 'provider', 'blacklisted'] }).notNull(),
  detail: text('detail'),
  createdAt: ts('created_at').notNull(),
});

// 0518_ussd_session_ends.sql: how each USSD session ended (Africa's Talking's notification); the phone as a keyed hash.
export const ussdSessionEnds = pgTable('ussd_session_ends', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  sessionId: text('session_id').notNull(),
  phoneHash: text('phone_hash').notNull(),
  status: text('status', { enum: ['Success', 'Incomplete', 'Failed'] }).notNull(),
  durationMs: integer('duration_ms'),
  hops: integer('hops'),
  errorMessage: text('error_message'),
  networkCode: text('network_code'),
  at: ts('at').notNull(),
});

// 0440_members_data.sql

export const accountClosures = pgTable('account_closures', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  state: text('state', { enum: ['requested', 'cancelled', 'completed'] })
    .notNull()
    .default('requested'),
  requestedAt: ts('requested_at').notNull(),
  dueAt: ts('due_at').notNull(),
  decidedAt: ts('decided_at'),
  completedBy: bigint('completed_by', { mode: 'bigint' }),
});

export const emailChanges = pgTable('email_changes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

// 0490_payout_phone_and_phone_changes.sql

/** A member's phone change: pending on the SMS code sent to the new phone, or applied (by the member or four-eyes). */
export const phoneChanges = pgTable('phone_changes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  oldPhone: text('old_phone').notNull(),
  newPhone: text('new_phone').notNull(),
  source: text('source', { enum: ['member', 'operator'] }).notNull(),
  codeHash: text('code_hash'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at'),
  appliedAt: ts('applied_at'),
  cancelledAt: ts('cancelled_at'),
  staffIds: bigint('staff_ids', { mode: 'bigint' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
});

// 0511_jobs.sql

/** Background jobs: who holds each one's lease, when it is next due, and its counts (decision 052). */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  state: text('state', { enum: ['idle', 'running', 'dead'] })
    .notNull()
    .default('idle'),
  holder: text('holder'),
  leaseUntil: ts('lease_until'),
  nextRunAt: ts('next_run_at').notNull(),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastSucceededAt: ts('last_succeeded_at'),
  lastError: text('last_error'),
  runs: bigint('runs', { mode: 'bigint' }).notNull().default(0n),
  failures: bigint('failures', { mode: 'bigint' }).notNull().default(0n),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  takeovers: bigint('takeovers', { mode: 'bigint' }).notNull().default(0n),
  createdAt: ts('created_at').notNull(),
});

// 0512_restored_state.sql

/** A point-in-time restore whose payouts wait for their provider's answer (decision 054); open while cleared_at is null. */
export const databaseRestores = pgTable('database_restores', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  recoveryPoint: ts('recovery_point'),
  markedAt: ts('marked_at').notNull(),
  note: text('note'),
  clearedAt: ts('cleared_at'),
});

/** Each payout in flight at a restore's recovery point, and when its provider was asked and answered. */
export const restorePayoutChecks = pgTable(
  'restore_payout_checks',
  {
    restoreId: bigint('restore_id', { mode: 'bigint' }).notNull(),
    payoutId: bigint('payout_id', { mode: 'bigint' }).notNull(),
    stateAtRestore: text('state_at_restore', { enum: ['approved', 'sent', 'unknown'] }).notNull(),
    askedAt: ts('asked_at'),
    answeredAt: ts('answered_at'),
    answer: text('answer', { enum: ['paid', 'failed', 'completed', 'not-found'] }),
  },
  (t) => [primaryKey({ columns: [t.restoreId, t.payoutId] })],
);

// 0514_referral_visits.sql

/** Openings of the sign-up page through a sponsor's link, one counter per operator day; nothing about the visitor. */
export const referralVisits = pgTable(
  'referral_visits',
  {
    sponsorId: bigint('sponsor_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sponsorId, t.day] })],
);

// 0516_fraud_signals.sql (decision 061): keyed hashes of what was seen of members, clusters of linked accounts.

const SIGNAL_KIND_VALUES = ['device', 'ip', 'network', 'payer_phone', 'payout_phone', 'receiver_name', 'email', 'phone'] as const;

/** One signal of a member (a keyed hash, never the raw value) per kind, hash and event, with when last seen. */
export const fraudSignals = pgTable('fraud_signals', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  kind: text('kind', { enum: SIGNAL_KIND_VALUES }).notNull(),
  hash: text('hash').notNull(),
  event: text('event', { enum: ['signup', 'signin', 'activation', 'deposit', 'withdrawal', 'payout'] }).notNull(),
  seenAt: ts('seen_at').notNull(),
});

/** A cluster of linked accounts; a merged one keeps its row with size 0 and `merged_into`. */
export const fraudClusters = pgTable('fraud_clusters', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  state: text('state', { enum: ['watch', 'open', 'cleared', 'confirmed'] }).notNull(),
  ring: boolean('ring').notNull().default(false),
  size: integer('size').notNull(),
  openedAt: ts('opened_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  mergedInto: bigint('merged_into', { mode: 'bigint' }),
});

/** Which cluster a member is in (at most one). */
export const fraudClusterMembers = pgTable('fraud_cluster_members', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  clusterId: bigint('cluster_id', { mode: 'bigint' }).notNull(),
  joinedAt: ts('joined_at').notNull(),
});

/** Two members (a < b) who shared a signal; `linking` ones join clusters, the others are evidence. */
export const fraudLinks = pgTable(
  'fraud_links',
  {
    memberA: bigint('member_a', { mode: 'bigint' }).notNull(),
    memberB: bigint('member_b', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: SIGNAL_KIND_VALUES }).notNull(),
    hash: text('hash').notNull(),
    linking: boolean('linking').notNull(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberA, t.memberB, t.kind, t.hash] })],
);

// 0519_fraud_public_values.sql (decision 063): values shared too widely to link anyone (a cybercafe PC, an agent).
export const fraudPublicValues = pgTable('fraud_public_values', {
  hash: text('hash').primaryKey(),
  kind: text('kind', { enum: ['device', 'payer_phone', 'payout_phone', 'email', 'phone', 'ip'] }).notNull(),
  reason: text('reason', { enum: ['accounts', 'unrelated', 'place'] }).notNull(),
  markedAt: ts('marked_at').notNull(),
});

/** Devices shared by accounts that did not recruit each other, by address: three at one address make a public place. */
export const fraudPlaceDevices = pgTable(
  'fraud_place_devices',
  {
    ipHash: text('ip_hash').notNull(),
    deviceHash: text('device_hash').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ipHash, t.deviceHash] })],
);

// 0517_commission_holds.sql (decision 062): commissions held inside a cluster, members' review requests, decisions.

/** A commission paid into hold:commissions (not the upline's Jumbo) because upline and member share a cluster. */
export const commissionHolds = pgTable('commission_holds', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  clusterId: bigint('cluster_id', { mode: 'bigint' }).notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  fromMemberId: bigint('from_member_id', { mode: 'bigint' }).notNull(),
  level: smallint('level').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
  state: text('state', { enum: ['held', 'released', 'reversed'] })
    .notNull()
    .default('held'),
  heldAt: ts('held_at').notNull(),
  decidedAt: ts('decided_at'),
  settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }),
});

/** A member's request for a review of their held commissions (one open per member and cluster). */
export const clusterReviewRequests = pgTable('cluster_review_requests', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  clusterId: bigint('cluster_id', { mode: 'bigint' }).notNull(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  message: text('message').notNull(),
  requestedAt: ts('requested_at').notNull(),
  closedAt: ts('closed_at'),
});

/** An operator's decision on a cluster: clear or confirm, with its note and what moved. */
export const clusterDecisions = pgTable('cluster_decisions', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  clusterId: bigint('cluster_id', { mode: 'bigint' }).notNull(),
  decision: text('decision', { enum: ['clear', 'confirm'] }).notNull(),
  note: text('note').notNull(),
  requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
  decidedBy: bigint('decided_by', { mode: 'bigint' }).notNull(),
  approvalId: bigint('approval_id', { mode: 'bigint' }),
  released: integer('released').notNull(),
  reversed: integer('reversed').notNull(),
  suspended: integer('suspended').notNull(),
  decidedAt: ts('decided_at').notNull(),
});

/**
 * The change feed's log (decision 064, migration 0520, UNLOGGED there): the id of a member whose `userdata` answer or
 * session a committed write may change (`*`: everything), under the writing transaction's id. Written by triggers
 * only; read and pruned by each process's feed (lib/change-feed.ts).
 */
export const memberChanges = pgTable('member_changes', {
  xid: bigint('xid', { mode: 'bigint' })
    .notNull()
    .default(sql`((pg_current_xact_id())::text)::bigint`),
  memberId: text('member_id').notNull(),
});
