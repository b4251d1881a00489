import type { HttpMethod, Notification } from '@tuzo/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../lib/deps.ts';

/**
 * Who may call an action: anyone (`public`); any signed-in account, member or staff (`account`: user data, sign-out,
 * password change); a signed-in member (`member`); a signed-in member whose account is active (`active`); staff
 * (`support`: the support or operator role); or an operator (`operator`). `member` and `active` refuse staff (403):
 * staff accounts never earn, play, pay or withdraw as members (docs/decisions/019-staff-are-not-members.md). Staff
 * levels also need two-factor sign-in turned on (docs/decisions/015-staff-roles-and-totp.md). Published as
 * `x-access` in the OpenAPI document.
 */
export type Access = 'public' | 'account' | 'member' | 'active' | 'support' | 'operator';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'account', 'member', 'active', 'support', 'operator'];

/** The levels only members pass: staff are refused them whatever their account status. */
export const MEMBER_ONLY_ACCESS: ReadonlySet<Access> = new Set<Access>(['member', 'active']);

/** The signed-in member as the auth step resolved it from the bearer token. */
export interface AuthMember {
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  countryId: number;
  sessionId: bigint;
  /** Two-factor sign-in is on (`members.totp_enabled_at`); staff actions need it. */
  isTotpEnrolled: boolean;
  /** The member's language (`members.language`): notifications are shown in it when the request names none. */
  language: 'en' | 'sw';
}

/** A public action may have a visitor (null); every other access level guarantees a member, by type. */
export type MemberFor<A extends Access> = A extends 'public' ? AuthMember | null : AuthMember;

export interface ActionContext<TPayload, A extends Access = Access> {
  payload: TPayload;
  member: MemberFor<A>;
  deps: AppDeps;
  request: FastifyRequest;
  ip: string;
  /** The `Idempotency-Key` header (or `idempotency_key` in the payload) when the client sent one. */
  idempotencyKey: string | null;
  /** The action's `sessionRead` columns, read in the session check's statement; absent for other actions. */
  sessionRow?: Record<string, unknown> | null;
}

/**
 * Columns an action reads in the session check's own statement, so the request costs one round trip (issue 16,
 * docs/decisions/041-one-statement-userdata.md). `columns` is a select list over `m`, the signed-in account's
 * `members` row, plus whatever `joins` adds; its parameters start at $4 ($2 is the request's instant). The endpoint
 * passes the row to the handler as `ctx.sessionRow`.
 */
export interface SessionRead {
  /** Names the prepared statement (parsed and planned once per connection). */
  name: string;
  columns: string;
  joins: string;
  /** The values of $4 onwards, for the request's instant. */
  values: (deps: AppDeps, now: Date) => unknown[];
}

export interface ActionResult<TData = unknown> {
  msg?: string;
  data?: TData;
  info?: Notification[];
  status?: number;
}

export interface RateLimitRule {
  /**
   * Requests allowed per minute: per IP for a public action, per signed-in member otherwise (an anonymous request
   * to a signed-in action is counted per IP until it is refused).
   */
  perMinute: number;
  /**
   * Counted in PostgreSQL so every process shares one count (decision 009): code guessing (`recovercode`) and the
   * actions that move money. Public actions with a limit are always counted there, per IP.
   */
  isShared?: boolean;
}

/**
 * One action: its methods, who may call it, its payload and response `data` contracts and its handler. The
 * endpoint validates the payload, checks the handler's data against `data` (loudly outside production) and the
 * OpenAPI document is generated from the same two schemas.
 */
export interface ActionDefinition<TPayload extends z.ZodType, TData extends z.ZodType, A extends Access> {
  name: string;
  /** One line for the API page. */
  summary: string;
  methods: readonly HttpMethod[];
  access: A;
  /** Validates the query string (GET/DELETE) or JSON body (POST/PUT) without the `action` parameter. */
  payload: TPayload;
  /** The response's `data`; `z.null()` for actions that answer with a message only. */
  data: TData;
  rateLimit?: RateLimitRule;
  /**
   * A read the web app repeats on a timer (`userdata`, the console's overview): it does not count as use of a staff
   * session, so an open console tab does not hold off the 30-minute idle timeout (decision 021).
   */
  isBackgroundPoll?: boolean;
  /** Read with the session check, in one statement (see SessionRead). */
  sessionRead?: SessionRead;
  /** A staff action that works before two-factor sign-in is on: only the enrolment itself (`totpsetup`, `totpconfirm`). */
  isTotpEnrolment?: boolean;
  /**
   * Honours `Idempotency-Key`: a repeat of a successful request answers the first answer (actions/idempotency.ts).
   * Only these actions offer the header in the API document. Signed-in actions only: the key is the caller's.
   */
  idempotent?: boolean;
  /**
   * The handler waits for a provider mid-request (STK push, a payment link): under an `Idempotency-Key` it does not run
   * inside the request's transaction (no connection held while the provider answers); its effects are made once by its
   * own key and its first answer is stored after it ran (actions/idempotency.ts, decision 047). Every other idempotent
   * action runs its claim, effects and answer in one transaction.
   */
  callsProviderInRequest?: boolean;
  handler: (ctx: ActionContext<z.output<TPayload>, A>) => Promise<ActionResult<z.input<TData>>>;
}

/** An action as the registry holds it, its types erased. */
export interface RegisteredAction {
  name: string;
  summary: string;
  methods: readonly HttpMethod[];
  access: Access;
  payload: z.ZodType;
  data: z.ZodType;
  rateLimit?: RateLimitRule;
  isBackgroundPoll?: boolean;
  sessionRead?: SessionRead;
  isTotpEnrolment?: boolean;
  idempotent?: boolean;
  callsProviderInRequest?: boolean;
  handler: (ctx: ActionContext<unknown>) => Promise<ActionResult>;
}

/**
 * Keeps the payload, data and member types flowing into the handler. The endpoint only calls a handler after
 * checking the access rule and parsing the payload with the same schema, which is what makes the erasure safe.
 */
export function defineAction<TPayload extends z.ZodType, TData extends z.ZodType, const A extends Access>(
  definition: ActionDefinition<TPayload, TData, A>,
): RegisteredAction {
  return definition as unknown as RegisteredAction;
}
