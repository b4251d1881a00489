import { z } from 'zod';
import { NoPayloadSchema, pagedAnswer, pagedPayload } from './common.ts';
import { calendarDate } from './primitives.ts';
import { SeveritySchema } from './envelope.ts';

/**
 * Staff accounts (support and operator), their two-factor sign-in (TOTP, RFC 6238) and the audit log
 * (docs/decisions/015-staff-roles-and-totp.md).
 */
export const STAFF_ROLES = ['support', 'operator'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'role must be support or operator' });
export type StaffRole = z.infer<typeof StaffRoleSchema>;
export const MEMBER_ROLES = ['member', ...STAFF_ROLES] as const;

/**
 * Staff passwords have at least 12 characters at every change (staff create, change password, reset link, the
 * TUZO_ADMIN_PASSWORD bootstrap); members keep the spec's 4 to 30. See docs/decisions/021-sessions-and-sign-in.md.
 */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MESSAGE = 'A staff password has at least 12 characters';
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** A code from an authenticator app: six digits (spaces are dropped, so "123 456" reads as typed). */
export const TotpCodeSchema = z
  .string({ error: 'The 6-digit code is required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * The second step of `login`: a current authenticator code, or one unused recovery code (16 characters shown as
 * xxxx-xxxx-xxxx-xxxx; case, spaces and hyphens do not matter).
 */
export const LoginTotpSchema = z
  .string({ error: 'totp must be text' })
  .trim()
  .min(1, 'Enter the 6-digit code or a recovery code')
  .max(40, 'Enter the 6-digit code or a recovery code');

export const RECOVERY_CODE_COUNT = 10;

export const TotpSetupPayloadSchema = NoPayloadSchema;
export const TotpSetupDataSchema = z.object({
  /** Base32, shown once for manual entry; never returned again after `totpconfirm`. */
  secret: z.string(),
  otpauth_uri: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type TotpSetupData = z.infer<typeof TotpSetupDataSchema>;

export const TotpConfirmPayloadSchema = z.object({ code: TotpCodeSchema });
export type TotpConfirmPayload = z.infer<typeof TotpConfirmPayloadSchema>;
export const TotpConfirmDataSchema = z.object({
  /** Shown once; each signs in once in place of a code. Only their hashes are kept. */
  recovery_codes: z.array(z.string()),
  enabled_at: z.string(),
});
export type TotpConfirmData = z.infer<typeof TotpConfirmDataSchema>;

const StaffUsernameSchema = z
  .string({ error: 'username is required' })
  .trim()
  .min(4, 'Username must be at least 4 characters')
  .max(20, 'Username must be less than 20 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

export const AdminStaffPayloadSchema = z.object(pagedPayload(25));
export const StaffRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  is_disabled: z.boolean(),
  is_totp_enrolled: z.boolean(),
  joined_at: z.string(),
  disabled_at: z.string().nullable(),
});
export type StaffRow = z.infer<typeof StaffRowSchema>;
export const AdminStaffDataSchema = pagedAnswer(StaffRowSchema);
export type AdminStaffData = z.infer<typeof AdminStaffDataSchema>;

/**
 * `adminstaffcreate` (decision 044): a request for a new support or operator account, effective when a second
 * operator approves it. Nobody chooses its password: the approval answers a one-time enrolment link with which the
 * new staff member sets their own password, then enrols their authenticator at their first sign-in.
 */
export const AdminStaffCreatePayloadSchema = z.object({
  username: StaffUsernameSchema,
  email: z.string({ error: 'Email is required' }).trim().max(254, 'Invalid email address').email('Invalid email address'),
  role: StaffRoleSchema,
});
export type AdminStaffCreatePayload = z.infer<typeof AdminStaffCreatePayloadSchema>;

/** `adminstaffrole`: a request to change a staff account's role (a second operator approves it). */
export const AdminStaffRolePayloadSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40),
  role: StaffRoleSchema,
});
export type AdminStaffRolePayload = z.infer<typeof AdminStaffRolePayloadSchema>;

/** A one-time enrolment token as the link carries it. */
const EnrolmentTokenSchema = z
  .string({ error: 'The enrolment link is invalid' })
  .trim()
  .min(16, 'The enrolment link is invalid')
  .max(200);

/** `staffenrolment`: what an enrolment link is for (the page shows the username before the password is chosen). */
export const StaffEnrolmentPayloadSchema = z.object({ token: EnrolmentTokenSchema });
export const StaffEnrolmentDataSchema = z.object({ username: z.string(), role: StaffRoleSchema, expires_at: z.string() });
export type StaffEnrolmentData = z.infer<typeof StaffEnrolmentDataSchema>;

/** `staffenrol`: the new staff member sets their own password with the link (once); then they sign in and enrol TOTP. */
export const StaffEnrolPayloadSchema = z.object({
  token: EnrolmentTokenSchema,
  password: z.string({ error: 'Password is required' }).min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_MESSAGE).max(200),
});
export type StaffEnrolPayload = z.infer<typeof StaffEnrolPayloadSchema>;
export const StaffEnrolDataSchema = z.object({ username: z.string() });

/** `adminstaffenrolment`: a fresh one-time enrolment link (shown once, never stored; only its hash is kept). */
export const AdminStaffEnrolmentLinkDataSchema = z.object({ username: z.string(), link: z.string(), expires_at: z.string() });
export type AdminStaffEnrolmentLinkData = z.infer<typeof AdminStaffEnrolmentLinkDataSchema>;

/** `adminfoureyes`: whether four-eyes can work (two or more operators who can sign in); the console says so. */
export const AdminFourEyesPayloadSchema = NoPayloadSchema;
export const AdminFourEyesDataSchema = z.object({
  operators: z.number().int(),
  can_work: z.boolean(),
});
export type AdminFourEyesData = z.infer<typeof AdminFourEyesDataSchema>;

export const AdminStaffDisablePayloadSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40),
  /** true disables the account (its sessions end), false enables it again. */
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type AdminStaffDisablePayload = z.infer<typeof AdminStaffDisablePayloadSchema>;
export const AdminStaffTotpResetPayloadSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40),
});
export const AdminStaffDisableDataSchema = StaffRowSchema;

const DateSchema = calendarDate('Dates are real days written YYYY-MM-DD');
const OptionalFilter = z
  .string()
  .trim()
  .max(60)
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * `adminaudit`: filters are optional; `from` and `to` are calendar days in the operator's time zone, both inclusive.
 * The action filter is `audit_action` because `action` in the query string names the API action itself.
 */
export const AdminAuditPayloadSchema = z.object({
  staff: OptionalFilter,
  audit_action: OptionalFilter,
  member: OptionalFilter,
  from: z.preprocess((value) => (value === '' || value === null ? undefined : value), DateSchema.optional()),
  to: z.preprocess((value) => (value === '' || value === null ? undefined : value), DateSchema.optional()),
  ...pagedPayload(25),
});
export type AdminAuditPayload = z.infer<typeof AdminAuditPayloadSchema>;
export const AuditRowSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** The staff member who acted; null for the system (start-up seeding, reconcilers). */
  staff: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The member the entry is about, when its target is a member. */
  member: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
export const AdminAuditDataSchema = pagedAnswer(AuditRowSchema, {
  /** Every distinct action name, for the filter's list. */
  actions: z.array(z.string()),
});
export type AdminAuditData = z.infer<typeof AdminAuditDataSchema>;

/** A notification's text written by staff (`adminnotify`, `adminbroadcast`): 1 to 500 characters. */
export const StaffMessageSchema = z
  .string({ error: 'The message is required' })
  .trim()
  .min(1, 'The message is required')
  .max(500, 'The message is at most 500 characters');

/** `adminnotify` (support and operators): one notification to one member, shown as a toast and on /notifications. */
export const AdminNotifyPayloadSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(40),
  msg: StaffMessageSchema,
  severity: SeveritySchema.default('info'),
});
export type AdminNotifyPayload = z.infer<typeof AdminNotifyPayloadSchema>;
export const AdminNotifyDataSchema = z.object({ username: z.string(), sent_at: z.string() });
