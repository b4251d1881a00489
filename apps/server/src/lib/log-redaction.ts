import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach the log in usable form (decision 020). Some travel in URLs we cannot change: M-Pesa posts to an
 * unguessable path (its callbacks cannot carry a header), access links carry a token in the path, reset links a
 * `token=` query parameter. Others travel in headers. The request serializer rewrites the URL and pino's redact
 * censors the headers and the fields named below wherever a log line carries them.
 */
export const REDACTED = '[redacted]';

const SECRET_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^(\/hooks\/mpesa\/)[^/?#]+/i, `$1${REDACTED}`],
  [/^(\/hooks\/sms\/)[^/?#]+/i, `$1${REDACTED}`],
  [/^(\/hooks\/sms-(?:delivery|opt-out|incoming)\/)[^/?#]+/i, `$1${REDACTED}`],
  [/^(\/hooks\/ussd(?:-end)?\/)[^/?#]+/i, `$1${REDACTED}`],
  [/^(\/access\/)[^/?#]+/i, `$1${REDACTED}`],
];
/** Query parameters whose value is a credential, wherever they appear. */
const SECRET_PARAMS = /([?&](?:token|access_token|secret|key|password|code)=)[^&#]*/gi;

/** The URL with every secret path segment and credential parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  let out = url;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/** Header and field paths pino censors in every log line (request headers, and fields a caller might log). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-forwarder-secret"]',
  'req.headers["verif-hash"]',
  'req.headers["flutterwave-signature"]',
  'req.headers["idempotency-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-forwarder-secret"]',
  'headers["verif-hash"]',
  'res.headers["set-cookie"]',
  'authorization',
  'password',
  'newpassword',
  'token',
  'link',
  'secret',
  // The M-Pesa initiator's password and its encrypted form (B2C and query bodies, configuration objects).
  'SecurityCredential',
  'securityCredential',
  'initiatorPassword',
  'MPESA_SECURITY_CREDENTIAL',
  'MPESA_INITIATOR_PASSWORD',
  '*.SecurityCredential',
  '*.securityCredential',
  '*.initiatorPassword',
  '*.MPESA_SECURITY_CREDENTIAL',
  '*.MPESA_INITIATOR_PASSWORD',
  '*.password',
  '*.newpassword',
  '*.token',
  '*.link',
  '*.secret',
];

interface SerializableRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: SerializableRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Adds the redaction to logger options (the app's own, or a test's with a capturing stream). */
export function withRedaction(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...(options.serializers ?? {}), req: serializeRequest as never },
  };
}
