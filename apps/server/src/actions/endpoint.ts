import { codeForStatus, HTTP_METHODS, type ErrorCode, type HttpMethod, type Notification } from '@tuzo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, isAppError } from '../lib/errors.ts';
import type { AppDeps } from '../lib/deps.ts';
import { resolveBearer } from '../modules/auth/session.service.ts';
import type { ActionDefinition, AuthMember } from './types.ts';

const DEFAULT_PER_MINUTE = 600;

export function sendEnvelope(
  reply: FastifyReply,
  body: { status: number; msg: string; data?: unknown; info?: Notification[]; code?: ErrorCode | null },
): FastifyReply {
  const ok = body.status >= 200 && body.status < 300;
  return reply.code(body.status).send({
    status: body.status,
    resultcode: ok,
    msg: body.msg,
    data: body.data ?? null,
    info: body.info ?? [],
    code: ok ? null : (body.code ?? codeForStatus(body.status)),
  });
}

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

function findAction(registry: Map<string, ActionDefinition>, name: unknown): ActionDefinition {
  if (typeof name !== 'string' || name.length === 0) throw new AppError('BAD_REQUEST', 'The action query parameter is required');
  const action = registry.get(name);
  if (!action) throw new AppError('UNKNOWN_ACTION', `Unknown action: ${name.slice(0, 60)}`);
  return action;
}

function checkAccess(action: ActionDefinition, member: AuthMember | null): void {
  if (action.access === 'public') return;
  if (!member) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  if (member.status === 'suspended') throw new AppError('UNAUTHORIZED', 'Your account has been suspended');
  if (action.access === 'active' && member.status !== 'active' && member.role !== 'operator') {
    throw new AppError('ACCOUNT_INACTIVE', 'Please activate your account first');
  }
  if (action.access === 'operator' && member.role !== 'operator') throw new AppError('FORBIDDEN', 'Operators only');
}

function readPayload(request: FastifyRequest, method: HttpMethod): unknown {
  if (method === 'GET' || method === 'DELETE') {
    const { action: _action, ...rest } = (request.query ?? {}) as Record<string, unknown>;
    return rest;
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_REQUEST', 'The request body must be a JSON object');
  return body;
}

function readIdempotencyKey(request: FastifyRequest, payload: unknown): string | null {
  const header = request.headers['idempotency-key'];
  const fromPayload = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).idempotency_key : undefined;
  const key = typeof header === 'string' ? header : typeof fromPayload === 'string' ? fromPayload : null;
  if (key === null) return null;
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw new AppError('BAD_REQUEST', 'The idempotency key must be 8 to 100 letters, digits or -_.:');
  return key;
}

/**
 * Registers `/api?action=NAME` for every method. Each action is looked up in the registry, its method and access
 * rule checked, its payload validated with its contract, and its result wrapped in the envelope.
 */
export async function registerActionEndpoint(app: FastifyInstance, deps: AppDeps, actions: readonly ActionDefinition[]) {
  const registry = new Map(actions.map((action) => [action.name, action]));
  if (registry.size !== actions.length) throw new Error('Duplicate action names in the registry');

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const method = request.method as HttpMethod;
    const action = findAction(registry, (request.query as Record<string, unknown> | undefined)?.action);
    if (!action.methods.includes(method)) {
      reply.header('Allow', action.methods.join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `${action.name} does not accept ${method}; use ${action.methods.join(' or ')}`);
    }
    const member = await resolveBearer(deps, request.headers.authorization);
    checkAccess(action, member);
    const raw = readPayload(request, method);
    const idempotencyKey = readIdempotencyKey(request, raw);
    let payload: unknown = raw;
    if (action.payload) {
      const parsed = action.payload.safeParse(raw, { reportInput: true });
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', describeZodError(parsed.error));
      payload = parsed.data;
    }
    const result = await action.handler({ payload, member, deps, request, ip: request.ip, idempotencyKey });
    return sendEnvelope(reply, { status: result.status ?? 200, msg: result.msg ?? 'OK', data: result.data, info: result.info });
  };

  const rateLimitConfig = deps.config.RATE_LIMIT_ENABLED
    ? {
        rateLimit: {
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `${request.ip}:${String((request.query as Record<string, unknown>)?.action ?? '')}`,
          max: (request: FastifyRequest) => {
            const name = (request.query as Record<string, unknown>)?.action;
            const action = typeof name === 'string' ? registry.get(name) : undefined;
            return action?.rateLimit?.perMinute ?? DEFAULT_PER_MINUTE;
          },
        },
      }
    : {};
  for (const method of HTTP_METHODS) {
    app.route({ method, url: '/api', handler: handle, config: rateLimitConfig });
  }
}

/** Turns any error into an envelope: AppError keeps its code's status; Fastify's own 4xx keep theirs; the rest 500. */
export function envelopeErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) return sendEnvelope(reply, { status: error.status, msg: error.message, data: error.data, code: error.code });
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendEnvelope(reply, { status, msg: friendlyClientError(fastifyError), code: clientErrorCode(fastifyError) });
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendEnvelope(reply, { status: 500, msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

function clientErrorCode(error: { statusCode?: number; code?: string }): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    default:
      return codeForStatus(error.statusCode ?? 400);
  }
}

function friendlyClientError(error: { statusCode?: number; code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    default:
      if (error.statusCode === 429) return 'Too many requests. Please wait a minute and try again.';
      return error.message ?? 'Bad request';
  }
}
