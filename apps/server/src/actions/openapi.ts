import { EnvelopeSchema, ERROR_CODES, type HttpMethod } from '@tuzo/contracts';
import { z } from 'zod';
import type { RegisteredAction } from './types.ts';

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
    parameters: [
      ...(hasBody ? [] : queryParameters(payload)),
      { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' } },
    ],
    ...(hasBody ? { requestBody: { required: false, content: { 'application/json': { schema: payload } } } } : {}),
    responses: {
      '200': { description: 'Success: `resultcode` true, `code` null.', content: { 'application/json': { schema: envelopeOf(toSchema(action.data, 'output')) } } },
      default: { description: 'Failure: `resultcode` false, HTTP status = `status`, `code` names the error.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    },
  };
}

/** The OpenAPI 3.1 document of every action, generated from the same contracts the endpoint validates with. */
export function buildOpenApiDocument(actions: readonly RegisteredAction[], serverUrl: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const action of [...actions].sort((a, b) => a.name.localeCompare(b.name))) {
    paths[`/api/${action.name}`] = Object.fromEntries(action.methods.map((method) => [method.toLowerCase(), operation(action, method)]));
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
        '`public`, `member` (signed in), `active` (signed in with an active account), `support` (staff: the support or ' +
        'operator role) or `operator`. Staff actions also need two-factor sign-in turned on (`totpsetup`, `totpconfirm`); ' +
        'until then they answer 403 `TOTP_ENROLMENT_REQUIRED`.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access_token of `login`.' } },
      schemas: { ErrorEnvelope: errorEnvelope },
    },
  };
}
