import {
  actionContract,
  type Access,
  type ActionAccess,
  type ActionDataSchema,
  type ActionName,
  type ActionParsedPayload,
  type HttpMethod,
  type Notification,
} from '@tuzo/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { runAfterCommit } from '../lib/after-commit.ts';
import type { AppDeps } from '../lib/deps.ts';

/** Who may call an action: the catalogue's levels (contracts actions.ts). */
export type { Access };

/** The levels only members pass: staff are refused them whatever their account status. */
export const MEMBER_ONLY_ACCESS: ReadonlySet<Access> = new Set<Access>(['member', 'active']);

/** The signed-in member as the auth step resolved it from the bearer token. */
export interface AuthMember {
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'support' | 'operator';
  countryId: number;
  /** The member's phone (`members.phone`, E.164) as the session check read it. */
  phone: string;
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
  /**
   * The session may come from the process's session cache while the change feed is live (decision 064): the handler
   * then gets `{ [SESSION_FROM_FEED]: true }` as its row instead of these columns. Only for actions that change
   * nothing (the `userdata` poll): an action that moves money or changes state checks the session in PostgreSQL.
   */
  mayUseKeptSession?: boolean;
}

/** The `sessionRow` key set when the session came from the process's cache (SessionRead.mayUseKeptSession). */
export const SESSION_FROM_FEED = 'sessionFromFeed';

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

/** What the server adds to a catalogue action (contracts actions.ts): its handler and server-only rules. */
interface ServerFacts {
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
   * The handler waits for a provider mid-request (STK push, a payment link): under an `Idempotency-Key` it does not run
   * inside the request's transaction (no connection held while the provider answers); its effects are made once by its
   * own key and its first answer is stored after it ran (actions/idempotency.ts, decision 047). Every other idempotent
   * action runs its claim, effects and answer in one transaction.
   */
  callsProviderInRequest?: boolean;
}

/**
 * A catalogue action's handler: its payload, data and member types come from the catalogue entry of its name. The
 * endpoint validates the payload, checks the handler's data against the catalogue's `data` (loudly outside
 * production) and the OpenAPI document is generated from the same catalogue.
 */
export interface ActionDefinition<N extends ActionName> extends ServerFacts {
  handler: (ctx: ActionContext<ActionParsedPayload<N>, ActionAccess<N>>) => Promise<ActionResult<z.input<ActionDataSchema<N>>>>;
}

/** An action outside the catalogue, described in full: only tests make these (`extraActions`). */
export interface TestActionDefinition<TPayload extends z.ZodType, TData extends z.ZodType, A extends Access> extends ServerFacts {
  name: string;
  summary: string;
  methods: readonly HttpMethod[];
  access: A;
  idempotent?: boolean;
  payload: TPayload;
  data: TData;
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
 * Registers the handler of the catalogue action `name`: its methods, access, idempotency, payload and data come from
 * the catalogue (`defineAction('systemwithdrawal', { rateLimit, handler })`), their types flowing into the handler.
 * The endpoint only calls a handler after checking the access rule and parsing the payload with the same schema,
 * which is what makes the erasure safe. Tests may pass a whole definition for an action outside the catalogue.
 */
export function defineAction<const N extends ActionName>(name: N, definition: ActionDefinition<N>): RegisteredAction;
export function defineAction<TPayload extends z.ZodType, TData extends z.ZodType, const A extends Access>(
  definition: TestActionDefinition<TPayload, TData, A>,
): RegisteredAction;
export function defineAction(
  nameOrDefinition: ActionName | TestActionDefinition<z.ZodType, z.ZodType, Access>,
  definition?: ActionDefinition<ActionName>,
): RegisteredAction {
  if (typeof nameOrDefinition !== 'string') return nameOrDefinition as unknown as RegisteredAction;
  const contract = actionContract(nameOrDefinition);
  // GET-only actions read (a write they make still reaches the feed through the triggers, within its bound).
  const isRead = contract.methods.every((method) => method === 'GET');
  const handler = isRead ? definition?.handler : touchingMember(definition?.handler);
  return { ...definition, handler, ...contract } as unknown as RegisteredAction;
}

/**
 * An action that may change something (not GET-only): once its work has committed, what this process kept for the
 * signed-in member is not used again (decision 064), so the member's next poll shows what the action did at once.
 */
function touchingMember<H extends (ctx: ActionContext<never>) => Promise<unknown>>(handler: H | undefined): H | undefined {
  if (!handler) return handler;
  const touching = async (ctx: ActionContext<never>) => {
    const result = await handler(ctx);
    const { member, deps } = ctx;
    const changes = deps.changes;
    if (member && changes) await runAfterCommit(deps, async () => changes.touch(member.id));
    return result;
  };
  return touching as H;
}
