import { z } from 'zod';
import { intId, linkToken } from './primitives.ts';
import { MoneyStringSchema } from './money-schemas.ts';
import { LoginTotpSchema, MemberRoleSchema } from './staff.ts';

/** Spec part 1, section 5 and 9: the limits and messages of sign-up, login and password change. */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const USERNAME_CHECK_FROM = 3;
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 15;
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 30;
export const CHECK_DEBOUNCE_MS = 500;
export const ACCESS_REDIRECT_MS = 1500;
export const PLACEHOLDER_COUNTRY = { id: '00112', country: 'Select a country', dial: '+000', abrv: '' } as const;

export const UsernameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Username is required' : 'Username must be text') })
  .min(USERNAME_MIN, 'Username must be at least 4 characters')
  .max(USERNAME_MAX, 'Username must be less than 20 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

export const EmailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Invalid email address') })
  .trim()
  .max(254, 'Invalid email address')
  .email('Invalid email address');

/** National number as typed: digits only, 9 to 15 of them (the spec's message says 10). */
export const PhoneNumberSchema = z
  .string({ error: 'Phone number must be at least 10 digits' })
  .min(PHONE_MIN_DIGITS, 'Phone number must be at least 10 digits')
  .max(PHONE_MAX_DIGITS, 'Phone number must be less than 15 digits')
  .regex(/^\d+$/, 'Phone number must contain only digits');

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 4 characters')
  .max(PASSWORD_MAX, 'Password must be less than 50 characters');

/** Phone on the wire: the dial code joined with the number, "+254712345678" (the plus is optional). */
export const FullPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(/^\+?\d{9,20}$/, 'Phone number must contain only digits');

const CountryIdSchema = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
/**
 * The country chosen at sign-up: required, as the spec's form says ("Please select a country"); empty, the placeholder
 * 00112 or anything but a country id is refused with that sentence (decision 023). Answers the id as text.
 */
export const SIGNUP_COUNTRY_REQUIRED = 'Please select a country';
const SignupCountrySchema = intId(SIGNUP_COUNTRY_REQUIRED).transform(String);

/**
 * The member app's languages (decision 038): English and Swahili. A new member's language is the one chosen on the
 * signup screen (English when none is sent); a signed-in member changes it with `setlanguage`.
 */
export const MEMBER_LANGUAGES = ['en', 'sw'] as const;
export const MemberLanguageSchema = z.enum(MEMBER_LANGUAGES, { error: "language must be 'en' or 'sw'" });
export type MemberLanguage = z.infer<typeof MemberLanguageSchema>;

export const RegisterPayloadSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    phone: FullPhoneSchema,
    password: PasswordSchema,
    repassword: z.string({ error: "Passwords don't match" }),
    country: SignupCountrySchema,
    upline: z.string().trim().max(USERNAME_MAX).optional().nullable(),
    /** The language chosen on the signup screen; English when absent. */
    language: MemberLanguageSchema.optional(),
  })
  .refine((value) => value.password === value.repassword, { message: "Passwords don't match", path: ['repassword'] });
export type RegisterPayload = z.infer<typeof RegisterPayloadSchema>;

/** The sign-up form of the web app (spec part 1, section 5). */
export const SignupFormSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    country: z.string().refine((value) => value !== '' && value !== PLACEHOLDER_COUNTRY.id, 'Please select a country'),
    phone: PhoneNumberSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type SignupForm = z.infer<typeof SignupFormSchema>;

export const LoginPayloadSchema = z.object({
  username: z.string({ error: 'Username or email is required' }).trim().min(1, 'Username or email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** Staff with two-factor sign-in: a current authenticator code or a recovery code (see TOTP_REQUIRED). */
  totp: LoginTotpSchema.optional(),
});
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

/** Availability checks validate like sign-up does: a value that could never be registered is a 400, not "free". */
export const FreeUserPayloadSchema = z.object({ username: UsernameSchema });
export const FreeEmailPayloadSchema = z.object({ email: EmailSchema });
/** `country` is optional (the spec's client sends only the phone); with it, the number is read with that dial code. */
export const FreePhonePayloadSchema = z.object({ phone: FullPhoneSchema, country: CountryIdSchema.optional() });

export const UpdatePasswordPayloadSchema = z
  .object({
    curpassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
    newpassword: PasswordSchema,
    repassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((value) => value.newpassword === value.repassword, { message: "Passwords don't match", path: ['repassword'] });
export type UpdatePasswordPayload = z.infer<typeof UpdatePasswordPayloadSchema>;

/** The Change Password dialog (spec part 1, section 5). */
export const ChangePasswordFormSchema = z
  .object({
    curpassword: z.string().min(1, 'Current password is required'),
    newpassword: z
      .string()
      .min(PASSWORD_MIN, 'Password must be at least 4 characters')
      .max(PASSWORD_MAX, 'Password must be less than 50 characters'),
    repassword: z.string(),
  })
  .refine((value) => value.newpassword === value.repassword, { message: "Passwords don't match", path: ['repassword'] });

export const ForgotPasswordPayloadSchema = z.object({
  username: z.string({ error: 'Username or email is required' }).trim().min(1, 'Username or email is required').max(254),
});
export const ResetPasswordPayloadSchema = z
  .object({
    token: linkToken('The reset link is invalid'),
    newpassword: PasswordSchema,
    repassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((value) => value.newpassword === value.repassword, { message: "Passwords don't match", path: ['repassword'] });

export const CountrySchema = z.object({
  id: z.string(),
  country: z.string(),
  dial: z.string(),
  abrv: z.string(),
  currency: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

/**
 * Where payments go (decision 047): `simulated` (the provider simulator: no real money moves; every page says so),
 * `live` (real providers) or `off` (none configured). `/healthz` reports it as `payments`.
 */
export const PAYMENTS_MODES = ['simulated', 'live', 'off'] as const;
export const PaymentsModeSchema = z.enum(PAYMENTS_MODES);
export type PaymentsMode = z.infer<typeof PaymentsModeSchema>;

export const UserDetailsSchema = z.object({
  uname: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  abrv: z.string(),
  account_status: z.boolean(),
  join: z.string(),
  lastupdate: z.string().nullable(),
  activated_at: z.string().nullable(),
  l1: z.string().nullable(),
  ccurrency: z.string(),
  grouplink: z.string(),
  customer_care: z.string(),
  /** The operator's announcement at the top of the app (`banner_text`); empty: no banner. */
  banner: z.string(),
  isadmin: z.boolean(),
  /** member, support or operator; `isadmin` stays true for operators only. */
  role: MemberRoleSchema,
  /** Two-factor sign-in is on; staff use the console only once it is (the enrol page is /admin/security). */
  is_totp_enrolled: z.boolean(),
  /** A USSD PIN is set; `ussd_locked`: three wrong PINs locked USSD withdrawals until `unlockussd` (decision 056). */
  ussd_pin_set: z.boolean(),
  ussd_locked: z.boolean(),
  /** The member's language (`en`, `sw`): the app shows it after sign-in; notifications and SMS are written in it. */
  language: MemberLanguageSchema,
  /** Where payments go: while `simulated` every member and console page shows the "Demo" banner (decision 047). */
  payments: PaymentsModeSchema,
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

/** Every balance of spec part 2, section 3; money in the member's currency with 2 decimals. */
export const BalancesSchema = z.object({
  profit: MoneyStringSchema,
  expense: MoneyStringSchema,
  balance: MoneyStringSchema,
  bonus: MoneyStringSchema,
  totalwithdrawal: MoneyStringSchema,
  pendingwithdrawal: MoneyStringSchema,
  ads: MoneyStringSchema,
  youtube: MoneyStringSchema,
  trivia: MoneyStringSchema,
  tiktok: MoneyStringSchema,
  deposit: MoneyStringSchema,
  actbal: MoneyStringSchema,
  target: z.number().int(),
  reward: MoneyStringSchema,
  remaining: z.number().int(),
  percent: z.number(),
  progress: z.number().int(),
  /** The daily bonus was claimed on the operator's current day. */
  dailyclaimed: z.boolean(),
  /** Welcome bonus: active level-1 members needed (15), active level-1 members now, the bonus in the member's currency. */
  welcome_target: z.number().int(),
  welcome_progress: z.number().int(),
  welcome_reward: MoneyStringSchema,
  welcomeclaimed: z.boolean(),
});
export type Balances = z.infer<typeof BalancesSchema>;

export const TariffBracketSchema = z.object({
  min_brackets: MoneyStringSchema,
  max_brackets: MoneyStringSchema,
  tariff: MoneyStringSchema,
});
export const FeeSchema = z.object({ min_with: MoneyStringSchema, tariff: z.array(TariffBracketSchema) });
export type Fee = z.infer<typeof FeeSchema>;

/** The bell's count of unread notifications (capped at 100; the bell shows "99+"). */
export const UserNotificationsSchema = z.object({ unread: z.number().int().min(0) });
export const UserDataSchema = z.object({
  userdetails: UserDetailsSchema,
  balances: BalancesSchema,
  fee: FeeSchema,
  notifications: UserNotificationsSchema,
});
export type UserData = z.infer<typeof UserDataSchema>;

export const LoginDataSchema = z.object({
  access_token: z.string(),
  user_data: UserDataSchema,
  lastupdate: z.string().nullable(),
});
export type LoginData = z.infer<typeof LoginDataSchema>;

export const AuthDataSchema = z.object({ lastupdate: z.string().nullable() });

/**
 * Access links (`/access/<token>`, spec part 1): a signed-in member asks for one to open Tuzo on another device; the
 * token in it works once, for ACCESS_LINK_TTL_MINUTES, and is exchanged for a normal session by `accessexchange`.
 */
export const ACCESS_LINK_TTL_MINUTES = 10;
export const AccessLinkDataSchema = z.object({ link: z.string(), expires_at: z.string() });
export type AccessLinkData = z.infer<typeof AccessLinkDataSchema>;
export const AccessExchangePayloadSchema = z.object({
  token: linkToken('This access link is not valid'),
  /**
   * The person answered "Sign in as <username>?" with yes (see CONFIRM_SIGN_IN). Without it the link is never spent:
   * a link opened by a page someone else made cannot sign a browser in unasked (login CSRF, issue 23).
   */
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
});
export type AccessExchangePayload = z.infer<typeof AccessExchangePayloadSchema>;
/** What CONFIRM_SIGN_IN carries in `data`: whose link this is, and who is signed in on this browser (null: nobody). */
export const AccessConfirmSchema = z.object({ link_for: z.string(), signed_in_as: z.string().nullable() });
export type AccessConfirm = z.infer<typeof AccessConfirmSchema>;

export const CountriesDataSchema = z.array(CountrySchema);
export const PingDataSchema = z.object({ time: z.string() });

/** `setlanguage` (POST): the member's language for the app, notifications and SMS. */
export const SetLanguagePayloadSchema = z.object({ language: MemberLanguageSchema });
export type SetLanguagePayload = z.infer<typeof SetLanguagePayloadSchema>;
export const SetLanguageDataSchema = z.object({ language: MemberLanguageSchema });
export type SetLanguageData = z.infer<typeof SetLanguageDataSchema>;
