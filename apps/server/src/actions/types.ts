import type { HttpMethod, Notification } from '@tuzo/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../lib/deps.ts';

/** Who may call an action. `active` implies a signed-in member whose account is active. */
export type Access = 'public' | 'member' | 'active' | 'operator';

/** The signed-in member as the auth step resolved it from the bearer token. */
export interface AuthMember {
  id: bigint;
  username: string;
  status: 'inactive' | 'active' | 'suspended';
  role: 'member' | 'operator';
  countryId: number;
  sessionId: bigint;
}

export interface ActionContext<TPayload> {
  payload: TPayload;
  member: AuthMember | null;
  deps: AppDeps;
  request: FastifyRequest;
  ip: string;
  /** The `Idempotency-Key` header (or `idempotency_key` in the payload) when the client sent one. */
  idempotencyKey: string | null;
}

/** Same as ActionContext, with the member known to be present. */
export type MemberContext<TPayload> = ActionContext<TPayload> & { member: AuthMember };

export interface ActionResult<TData = unknown> {
  msg?: string;
  data?: TData;
  info?: Notification[];
  status?: number;
}

export interface RateLimitRule {
  /** Requests allowed per minute per IP for this action. */
  perMinute: number;
}

export interface ActionDefinition<TSchema extends z.ZodType = z.ZodType, TData = unknown> {
  name: string;
  methods: readonly HttpMethod[];
  access: Access;
  /** Validates the query string (GET/DELETE) or JSON body (POST/PUT) without the `action` parameter. */
  payload?: TSchema;
  rateLimit?: RateLimitRule;
  handler: (ctx: ActionContext<z.output<TSchema>>) => Promise<ActionResult<TData>>;
}

/** Identity helper that keeps the payload type flowing into the handler. */
export function defineAction<TSchema extends z.ZodType, TData>(definition: ActionDefinition<TSchema, TData>): ActionDefinition {
  return definition as unknown as ActionDefinition;
}

/** Narrows the member of an action declared `member`, `active` or `operator` (the endpoint guarantees it). */
export function requireMember<T>(ctx: ActionContext<T>): AuthMember {
  if (!ctx.member) throw new Error(`Action called without a member despite its access rule`);
  return ctx.member;
}
