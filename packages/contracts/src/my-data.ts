import { z } from 'zod';
import { BigIdSchema, calendarDate, linkToken } from './primitives.ts';
import { EmailSchema, FullPhoneSchema } from './auth.ts';
import { NoPayloadSchema, pagedAnswer, pagedPayload } from './common.ts';

/**
 * A member's own data (Kenya's Data Protection Act 2019: access, rectification, erasure; decision 040):
 * `mydata` (everything Tuzo holds about the member, JSON or one CSV), `statement` / `statementcsv` (a wallet
 * statement for a date range), `changeemail` + `confirmemail`, `changephone`, and the account closure requests
 * (`closeaccount`, `cancelclose`, `myclosure`; operators: `adminclosures`, `admincompleteclosure`).
 */

/** The sections of `mydata`, in the order they are written. */
export const MY_DATA_SECTIONS = [
  'profile',
  'consents',
  'wallets',
  'ledger',
  'deposits',
  'withdrawals',
  'payouts',
  'transfers',
  'team_counts',
  'notifications',
  'sessions',
  'activity',
  'closures',
] as const;
export type MyDataSection = (typeof MY_DATA_SECTIONS)[number];

/** `mydata` (GET): `format` json (default) or csv. */
export const MyDataPayloadSchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type MyDataPayload = z.input<typeof MyDataPayloadSchema>;

/** A file the web saves as it is: its name, its media type and its text. */
export const DownloadFileSchema = z.object({
  filename: z.string(),
  content_type: z.enum(['application/json', 'text/csv']),
  content: z.string(),
});
export type DownloadFile = z.infer<typeof DownloadFileSchema>;
export const MyDataDataSchema = DownloadFileSchema;
export type MyDataData = z.infer<typeof MyDataDataSchema>;

/** The longest statement, in days (inclusive). */
export const STATEMENT_MAX_DAYS = 366;

/** `statement` / `statementcsv` (GET): days YYYY-MM-DD in the operator's time zone, both included. */
export const StatementPayloadSchema = z
  .object({
    from: calendarDate('from must be a real date like 2026-01-31'),
    to: calendarDate('to must be a real date like 2026-01-31'),
  })
  .refine((value) => value.from <= value.to, { message: 'from must not be after to', path: ['from'] })
  .refine((value) => (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < STATEMENT_MAX_DAYS, {
    message: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
  });
export type StatementPayload = z.input<typeof StatementPayloadSchema>;

export const StatementLineSchema = z.object({
  /** ISO instant of the movement. */
  at: z.string(),
  transaction_id: z.string(),
  kind: z.string(),
  memo: z.string().nullable(),
  /** Signed decimal: credits positive, debits negative. */
  amount: z.string(),
  /** The wallet's balance after this movement. */
  balance: z.string(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementWalletSchema = z.object({
  wallet: z.enum(['balance', 'deposit', 'ads', 'youtube', 'tiktok']),
  opening: z.string(),
  credits: z.string(),
  debits: z.string(),
  closing: z.string(),
  lines: z.array(StatementLineSchema),
});
export type StatementWallet = z.infer<typeof StatementWalletSchema>;

export const StatementDataSchema = z.object({
  username: z.string(),
  from: z.string(),
  to: z.string(),
  /** The ledger's currency: every amount is exact in it (docs/money.md). */
  currency: z.string(),
  time_zone: z.string(),
  generated_at: z.string(),
  wallets: z.array(StatementWalletSchema),
});
export type StatementData = z.infer<typeof StatementDataSchema>;
export const StatementCsvDataSchema = DownloadFileSchema;

const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long');

/** `changeemail` (POST): mails a confirmation link to the new address; the email changes when it is opened. */
export const ChangeEmailPayloadSchema = z.object({ email: EmailSchema, password: passwordField });
export type ChangeEmailPayload = z.input<typeof ChangeEmailPayloadSchema>;
export const ChangeEmailDataSchema = z.object({ pending_email: z.string(), expires_at: z.string() });
export type ChangeEmailData = z.infer<typeof ChangeEmailDataSchema>;

/** `confirmemail` (POST, public): the token from the link. */
export const ConfirmEmailPayloadSchema = z.object({
  token: linkToken('The confirmation link is incomplete', 'The confirmation link is invalid'),
});
export type ConfirmEmailPayload = z.input<typeof ConfirmEmailPayloadSchema>;
export const ConfirmEmailDataSchema = z.object({ email: z.string() });
export type ConfirmEmailData = z.infer<typeof ConfirmEmailDataSchema>;

/** `changephone` (POST): confirmed with the member's password (decision 040). */
export const ChangePhonePayloadSchema = z.object({ phone: FullPhoneSchema, password: passwordField });
export type ChangePhonePayload = z.input<typeof ChangePhonePayloadSchema>;
/**
 * `changephone` no longer changes the phone at once (decision 045): it sends a code by SMS to the new phone, which
 * `confirmphone` takes; the phone waiting for it and when its code expires.
 */
export const ChangePhoneDataSchema = z.object({ pending_phone: z.string(), expires_at: z.string() });
export type ChangePhoneData = z.infer<typeof ChangePhoneDataSchema>;

/** Days between a closure request and its automatic completion. */
export const CLOSURE_WAIT_DAYS = 7;

export const ClosureSchema = z.object({
  id: z.string(),
  state: z.enum(['requested', 'cancelled', 'completed']),
  requested_at: z.string(),
  due_at: z.string(),
  /** Whole days until `due_at`, rounded up; 0 once due. */
  days_left: z.number().int(),
  decided_at: z.string().nullable(),
});
export type Closure = z.infer<typeof ClosureSchema>;

/** `closeaccount` (POST): confirmed with the password. */
export const CloseAccountPayloadSchema = z.object({ password: passwordField });
export type CloseAccountPayload = z.input<typeof CloseAccountPayloadSchema>;
export const CloseAccountDataSchema = ClosureSchema;
export const CancelClosePayloadSchema = NoPayloadSchema;
export const CancelCloseDataSchema = ClosureSchema;
export const MyClosurePayloadSchema = NoPayloadSchema;
export const MyClosureDataSchema = z.object({ closure: ClosureSchema.nullable() });
export type MyClosureData = z.infer<typeof MyClosureDataSchema>;

/** `adminclosures` (GET, staff): the queue, open requests first by due date. */
export const AdminClosuresPayloadSchema = z.object({
  state: z.enum(['requested', 'cancelled', 'completed'], { error: 'state must be requested, cancelled or completed' }).optional(),
  ...pagedPayload(50),
});
export type AdminClosuresPayload = z.input<typeof AdminClosuresPayloadSchema>;
export const AdminClosureSchema = ClosureSchema.extend({
  username: z.string(),
  completed_by: z.string().nullable(),
});
export type AdminClosure = z.infer<typeof AdminClosureSchema>;
export const AdminClosuresDataSchema = pagedAnswer(AdminClosureSchema);
export type AdminClosuresData = z.infer<typeof AdminClosuresDataSchema>;

/** `admincompleteclosure` (POST, operator): completes an open request now. */
export const AdminCompleteClosurePayloadSchema = z.object({ id: BigIdSchema });
export type AdminCompleteClosurePayload = z.input<typeof AdminCompleteClosurePayloadSchema>;
export const AdminCompleteClosureDataSchema = AdminClosureSchema;
