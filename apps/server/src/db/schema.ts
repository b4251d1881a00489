import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Drizzle view of the tables created by the SQL migrations in ./migrations (the migrations are the source of
 * truth; keep this file in step with them). Money columns are bigint minor units read as JS bigint.
 */
const money = (name: string) => bigint(name, { mode: 'bigint' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
});

export const totpRecoveryCodes = pgTable('totp_recovery_codes', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
  usedAt: ts('used_at'),
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
  lastSeenAt: ts('last_seen_at').notNull(),
  idleSeconds: integer('idle_seconds').notNull(),
});

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

// Money features (migration 0030_money.sql).
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
  wheel: jsonb('wheel').notNull(),
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

/** Trivia and lessons (migration 0140, modules/trivia and modules/lessons). */
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

export const lessons = pgTable('lessons', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind', { enum: ['forex', 'crypto'] }).notNull(),
  part: smallint('part').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  link: text('link'),
  active: boolean('active').notNull().default(true),
});

export const lessonEnrolments = pgTable('lesson_enrolments', {
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  kind: text('kind', { enum: ['forex', 'crypto'] }).notNull(),
  enrolledAt: ts('enrolled_at').notNull(),
});

export const lessonProgress = pgTable('lesson_progress', {
  memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
  lessonId: bigint('lesson_id', { mode: 'bigint' }).notNull(),
  doneAt: ts('done_at').notNull(),
});
