import { HTTP_METHODS, type HttpMethod } from '@tuzo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/deps.ts';
import { resolveBearerWith } from '../modules/auth/index.ts';
import { sharedLimitHook, type SharedRule } from '../modules/rate-limits/index.ts';
import { actionMetricsHook, UNKNOWN_ACTION } from '../modules/observability/index.ts';
import { renderApiDocs } from './api-docs.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { checkResponseData } from './response-check.ts';
import { createIdempotencyLayer, readIdempotencyKey, type StoredAnswer } from './idempotency.ts';
import { assertStorableText } from './text-guard.ts';
import type { RouteDoc } from '../http/route-docs.ts';
import { checkAccess } from '../http/access.ts';
import type { Access, AuthMember, RegisteredAction } from '../http/action.ts';
import { sendEnvelope } from '../http/envelope.ts';
import { keepEnglish, rememberMemberLanguage } from '../http/message-language.ts';

/** The error handler lives in error-handler.ts; the app installs it with the endpoint. */
export { envelopeErrorHandler } from './error-handler.ts';

const DEFAULT_PER_MINUTE = 600;
const STAFF_ACCESS: ReadonlySet<Access> = new Set<Access>(['support', 'operator']);

/**
 * The first validation message, readable by a member. A schema's own message wins; zod's generic type messages
 * ("Invalid input: expected string...") become "<field> is required" or "<field> must be a <type>".
 */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    if (issue.input === undefined || issue.input === null) return field ? `${field} is required` : 'A payload is required';
    return field ? `${field} must be a ${issue.expected}` : `The payload must be a ${issue.expected}`;
  }
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return issue.message;
}

function findAction(registry: Map<string, RegisteredAction>, name: unknown): RegisteredAction {
  if (typeof name !== 'string' || name.length === 0) throw new AppError('BAD_REQUEST', 'The action query parameter is required');
  const action = registry.get(name);
  if (!action) throw new AppError('UNKNOWN_ACTION', `Unknown action: ${name.slice(0, 60)}`);
  return action;
}

/** The action a request names: `/api/NAME`, else the spec's `/api?action=NAME`. */
export function actionNameOf(request: FastifyRequest): unknown {
  const fromPath = (request.params as Record<string, unknown> | undefined)?.action;
  if (typeof fromPath === 'string' && fromPath !== '') return fromPath;
  return (request.query as Record<string, unknown> | undefined)?.action;
}

function readPayload(request: FastifyRequest, method: HttpMethod): unknown {
  if (method === 'GET' || method === 'DELETE') {
    const { action: _action, ...rest } = (request.query ?? {}) as Record<string, unknown>;
    return rest;
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  return body;
}

interface Resolved {
  member: AuthMember | null;
  /** The action's `sessionRead` row, read in the same statement as the session check. */
  row: Record<string, unknown> | null;
}

/**
 * The signed-in member behind a request, resolved once: the rate limits (which run first, on `onRequest`) and the
 * action itself share one session lookup per request, which also reads the action's `sessionRead` columns.
 */
function memberResolver(deps: AppDeps, registry: Map<string, RegisteredAction>): (request: FastifyRequest) => Promise<Resolved> {
  const resolved = new WeakMap<FastifyRequest, Promise<Resolved>>();
  return (request) => {
    let found = resolved.get(request);
    if (!found) {
      const name = actionNameOf(request);
      const action = typeof name === 'string' ? registry.get(name) : undefined;
      found = resolveBearerWith(deps, request.headers.authorization, {
        isBackgroundPoll: action?.isBackgroundPoll === true,
        read: action?.sessionRead,
      }).then((result) => ({ member: result?.member ?? null, row: result?.row ?? null }));
      resolved.set(request, found);
    }
    return found;
  };
}

/**
 * Who a limit counts: a signed-in caller by member id, after the token is resolved, so neither the spelling of the
 * Authorization header nor a fresh sign-in resets the budget, and thousands of members behind one carrier NAT
 * address each get the action's budget; anyone else (no token, or a token that resolves to nobody) by address.
 */
function limitSubject(request: FastifyRequest, member: AuthMember | null): string {
  return member ? `member:${member.id.toString()}` : `ip:${request.ip}`;
}

/**
 * Registers `/api?action=NAME` (the spec's form) and `/api/NAME` for every method, one handler for both. Each
 * action is looked up in the registry, its method and access rule checked, its payload validated with its
 * contract, its response data checked against its data contract, and the result wrapped in the envelope.
 */
export async function registerActionEndpoint(
  app: FastifyInstance,
  deps: AppDeps,
  actions: readonly RegisteredAction[],
  routes: readonly RouteDoc[] = [],
) {
  const registry = new Map(actions.map((action) => [action.name, action]));
  if (registry.size !== actions.length) throw new Error('Duplicate action names in the registry');
  const keyless = actions.find((action) => action.idempotent && action.access === 'public');
  if (keyless) throw new Error(`${keyless.name} is public: an Idempotency-Key belongs to a signed-in caller`);
  const idempotency = createIdempotencyLayer(deps);
  const strictResponses = deps.config.NODE_ENV !== 'production';
  const resolve = memberResolver(deps, registry);
  const memberOf = async (request: FastifyRequest) => (await resolve(request)).member;
  const handle = actionHandler(deps, { registry, resolve, idempotency, strictResponses });
  const rateLimitOptions = rateLimitOptionsFor(deps, registry, memberOf);
  const document = buildOpenApiDocument(actions, '/', routes);
  const docsPage = renderApiDocs(actions, document);
  app.get('/api/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(docsPage),
  );
  // The handler checks the payload's text itself, after the method and access checks (text-guard.ts).
  const config = { ...('config' in rateLimitOptions ? rateLimitOptions.config : {}), checksTextInHandler: true };
  // Requests, errors and latency per action, labelled by catalogue names only (decision 053).
  const onResponse = actionMetricsHook(app, (request) => {
    const name = actionNameOf(request);
    return typeof name === 'string' && registry.has(name) ? name : UNKNOWN_ACTION;
  });
  // Every method Fastify routes reaches the handler (HEAD comes with GET), so one no action takes (PATCH, OPTIONS,
  // ...) gets the same 405 with Allow as any other wrong method.
  const methods = [...new Set([...HTTP_METHODS, ...app.supportedMethods.filter((method) => method !== 'HEAD')])];
  for (const method of methods) {
    app.route({ method, url: '/api', handler: handle, ...rateLimitOptions, config, onResponse });
    app.route({ method, url: '/api/:action', handler: handle, ...rateLimitOptions, config, onResponse });
  }
}

/** The one handler of every action route: method, access, payload, the action, its answer checked and enveloped. */
function actionHandler(
  deps: AppDeps,
  layer: {
    registry: Map<string, RegisteredAction>;
    resolve: (request: FastifyRequest) => Promise<Resolved>;
    idempotency: ReturnType<typeof createIdempotencyLayer>;
    strictResponses: boolean;
  },
) {
  const { registry, resolve, idempotency, strictResponses } = layer;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const method = request.method as HttpMethod;
    const action = findAction(registry, actionNameOf(request));
    if (!action.methods.includes(method)) {
      reply.header('Allow', action.methods.join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `${action.name} does not accept ${method}; use ${action.methods.join(' or ')}`);
    }
    const { member, row: sessionRow } = await resolve(request);
    // The operator console stays English: its actions, and anything a staff account calls (decision 039).
    if (STAFF_ACCESS.has(action.access) || (member && member.role !== 'member')) keepEnglish(request);
    if (member) rememberMemberLanguage(request, member.language);
    checkAccess(action, member);
    const raw = readPayload(request, method);
    assertStorableText(raw);
    // Only the actions that honour a key read one (idempotency.ts); the others ignore it, as the API document says.
    const idempotencyKey = action.idempotent ? readIdempotencyKey(request, raw) : null;
    const parsed = action.payload.safeParse(raw, { reportInput: true });
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', describeZodError(parsed.error));
    const execute = async (inRequest: AppDeps): Promise<StoredAnswer> => {
      const result = await action.handler({
        payload: parsed.data,
        member,
        deps: inRequest,
        request,
        ip: request.ip,
        idempotencyKey,
        sessionRow,
      });
      const data = checkResponseData(action, result.data, strictResponses);
      return { status: result.status ?? 200, msg: result.msg ?? 'OK', data, info: result.info ?? [] };
    };
    const answer =
      idempotencyKey !== null && member
        ? await idempotency.run(
            { memberId: member.id, action: action.name, key: idempotencyKey },
            raw,
            { callsProviderInRequest: action.callsProviderInRequest === true },
            execute,
          )
        : await execute(deps);
    return sendEnvelope(reply, answer);
  };
}

/**
 * Public actions with their own limit (sign-in, sign-up, password reset, the availability checks) are counted per
 * IP in PostgreSQL, and actions marked `isShared` (code guessing, money) per member, one count for every process;
 * the other actions keep the in-process counter per member (or address), so the hot path gains no write
 * (docs/decisions/009-shared-limits.md, 021-sessions-and-sign-in.md).
 */
function rateLimitOptionsFor(
  deps: AppDeps,
  registry: Map<string, RegisteredAction>,
  memberOf: (request: FastifyRequest) => Promise<AuthMember | null>,
) {
  const actionOf = (request: FastifyRequest): RegisteredAction | undefined => {
    const name = actionNameOf(request);
    return typeof name === 'string' ? registry.get(name) : undefined;
  };
  const sharedRuleOf = async (request: FastifyRequest): Promise<SharedRule | null> => {
    const action = actionOf(request);
    if (!action?.rateLimit) return null;
    const { perMinute, isShared } = action.rateLimit;
    if (action.access === 'public') return { key: `ip:${request.ip}:${action.name}`, perMinute };
    if (!isShared) return null;
    const member = await memberOf(request);
    return member ? { key: `${limitSubject(request, member)}:${action.name}`, perMinute } : null;
  };
  return deps.config.RATE_LIMIT_ENABLED
    ? {
        onRequest: sharedLimitHook(deps, sharedRuleOf),
        config: {
          rateLimit: {
            timeWindow: 60_000,
            allowList: async (request: FastifyRequest) => (await sharedRuleOf(request)) !== null,
            keyGenerator: async (request: FastifyRequest) =>
              `${limitSubject(request, await memberOf(request))}:${String(actionNameOf(request) ?? '')}`,
            max: (request: FastifyRequest) => actionOf(request)?.rateLimit?.perMinute ?? DEFAULT_PER_MINUTE,
          },
        },
      }
    : {};
}
