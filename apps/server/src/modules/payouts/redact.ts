import { REDACTED, redactUrl } from '../../lib/log-redaction.ts';

/** Fields that carry a credential in a provider's request or echo (Daraja's queue timeout posts the request back). */
const SECRET_KEYS =
  /^(securitycredential|password|initiatorname|initiator|authorization|secret|secret_key|secretkey|verif-hash|token|access_token)$/i;

/**
 * A provider body as stored on the payout's exchanges: secrets replaced by `[redacted]`, our callback URLs without
 * their secret path segment, bigints as text. Depth-limited, so a hostile body cannot make it recurse forever.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return REDACTED;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return /^https?:\/\//i.test(value) ? redactLink(value) : value;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redact(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 100)
        .map(([key, inner]) => [key, SECRET_KEYS.test(key) ? REDACTED : redact(inner, depth + 1)]),
    );
  }
  return value;
}

/** A URL's path with its secret segments redacted (the host is ours and says nothing). */
function redactLink(text: string): string {
  try {
    return redactUrl(new URL(text).pathname);
  } catch {
    return REDACTED;
  }
}
