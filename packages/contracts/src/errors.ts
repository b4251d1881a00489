/** Error codes shared by server and web. One map turns a code into the HTTP status of the envelope. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNKNOWN_ACTION: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_DONE: 409,
  INSUFFICIENT_FUNDS: 422,
  LIMIT_NOT_MET: 422,
  PROVIDER_ERROR: 502,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
