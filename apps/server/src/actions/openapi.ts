import { actionContract, EnvelopeSchema, ERROR_CODES, isActionName, type HttpMethod } from '@tuzo/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../http/route-docs.ts';
import type { RegisteredAction } from '../http/action.ts';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** GET and DELETE carry the payload in the query string: one parameter per property of the payload object. */
function queryParameters(payload: JsonSchema): JsonSchema[] {
  const properties = (payload.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((payload.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

function envelopeOf(data: JsonSchema): JsonSchema {
  const envelope = toSchema(EnvelopeSchema, 'output');
  const properties = { ...(envelope.properties as Record<string, unknown>), data };
  return { ...envelope, properties };
}

/** Offered only by the actions that honour it (`idempotent: true`; idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A repeat with the same key (same caller, same action, same payload) answers the first successful answer again, status and body, ' +
    'without doing it twice (for 24 hours). The same key with a different payload is 409 CONFLICT; a repeat sent while the first is ' +
    'still running waits for it, or is 409 CONFLICT when another server process runs it. A failed request frees its key.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
};

const FAILURE_RESPONSE = {
  description: 'Failure: `resultcode` false, HTTP status = `status`, `code` names the error.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/** A route outside the action endpoint (route-docs.ts). */
function routeOperation(route: RouteDoc): JsonSchema {
  const success =
    'data' in route.answer
      ? {
          description: 'Success: `resultcode` true, `code` null.',
          content: { 'application/json': { schema: envelopeOf(toSchema(route.answer.data, 'output')) } },
        }
      : { description: route.answer.description, content: { [route.answer.file]: { schema: { type: 'string' } } } };
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: route.summary,
    description: `A route of its own, outside the action endpoint. Who may call it: ${route.access}.`,
    tags: [route.access],
    'x-access': route.access,
    ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    parameters: route.query ? queryParameters(toSchema(route.query, 'input')) : [],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            description: `${route.body.description} At most ${route.body.maxBytes} bytes.`,
            content: Object.fromEntries(
              route.body.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          },
        }
      : {}),
    responses: { '200': success, default: FAILURE_RESPONSE },
  };
}

/**
 * What the document says of an action: the catalogue's entry (contracts actions.ts: methods, access, idempotency,
 * summary, payload and data) with the server's own facts (rate limit, two-factor enrolment). A test action outside
 * the catalogue describes itself.
 */
function described(action: RegisteredAction): RegisteredAction {
  return isActionName(action.name) ? { ...action, ...actionContract(action.name) } : action;
}

function operation(action: RegisteredAction, method: HttpMethod): JsonSchema {
  const payload = toSchema(action.payload, 'input');
  const hasBody = method === 'POST' || method === 'PUT';
  return {
    operationId: `${action.name}_${method.toLowerCase()}`,
    summary: action.summary,
    description: `Also reachable at \`/api?action=${action.name}\` (the primary form). Who may call it: ${action.access}${action.isTotpEnrolment ? ' (before two-factor sign-in is on)' : ''}.`,
    tags: [action.access],
    'x-access': action.access,
    ...(action.rateLimit ? { 'x-rate-limit-per-minute-per-ip': action.rateLimit.perMinute } : {}),
    ...(action.isTotpEnrolment ? { 'x-totp-enrolment': true } : {}),
    ...(action.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    'x-action': action.name,
    parameters: [...(hasBody ? [] : queryParameters(payload)), ...(action.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])],
    ...(hasBody ? { requestBody: { required: false, content: { 'application/json': { schema: payload } } } } : {}),
    responses: {
      '200': {
        description: 'Success: `resultcode` true, `code` null.',
        content: { 'application/json': { schema: envelopeOf(toSchema(action.data, 'output')) } },
      },
      default: FAILURE_RESPONSE,
    },
  };
}

/**
 * The OpenAPI 3.1 document of every action and every other route, generated from the action catalogue the endpoint
 * validates with (decision 050). Action operations carry `x-action` (their name); the other routes do not.
 */
export function buildOpenApiDocument(
  actions: readonly RegisteredAction[],
  serverUrl: string,
  routes: readonly RouteDoc[] = [],
): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const action of actions.map(described).sort((a, b) => a.name.localeCompare(b.name))) {
    paths[`/api/${action.name}`] = Object.fromEntries(
      action.methods.map((method) => [method.toLowerCase(), operation(action, method)]),
    );
  }
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: routeOperation(route) };
  }
  const errorEnvelope = envelopeOf({ type: 'null' });
  (errorEnvelope.properties as Record<string, unknown>).code = { type: 'string', enum: ERROR_CODES };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tuzo API',
      version: '1',
      description:
        'One endpoint, `/api?action=NAME` (also `/api/NAME`). Every response is the envelope `{status, resultcode, msg, data, info, code}` ' +
        'with the HTTP status equal to `status`. Money amounts are decimal strings. `x-access` says who may call each action: ' +
        '`public`, `account` (any signed-in account, member or staff), `member` (a signed-in member), `active` (a ' +
        'signed-in member with an active account), `support` (staff: the support or operator role) or `operator`. ' +
        '`member` and `active` refuse staff accounts with 403 `FORBIDDEN`: staff are not members. Staff actions also need two-factor sign-in turned on (`totpsetup`, `totpconfirm`); ' +
        'until then they answer 403 `TOTP_ENROLMENT_REQUIRED`. Only the operations that list the `Idempotency-Key` header honour it. ' +
        'A method an action does not take is 405 `METHOD_NOT_ALLOWED` with `Allow`; a request whose URL or headers are too large is ' +
        '431 `REQUEST_HEADERS_TOO_LARGE`, still as the envelope.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access_token of `login`.' } },
      schemas: { ErrorEnvelope: errorEnvelope },
    },
  };
}
