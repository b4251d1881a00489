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
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Refused by Node's HTTP parser before routing (decision 023): too slow, URL or headers too large. */
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  REQUEST_HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  CASINO_DISABLED: 403,
  AGE_CONFIRMATION_REQUIRED: 403,
  SELF_EXCLUDED: 403,
  /** Staff sign-in: the password was right; send it again with `totp` (400, not 401: see decision 004 and 015). */
  TOTP_REQUIRED: 400,
  /** The authenticator or recovery code is wrong, expired or already used. */
  TOTP_INVALID: 400,
  /** A staff action before the account has turned on two-factor sign-in (`totpsetup`, `totpconfirm`). */
  TOTP_ENROLMENT_REQUIRED: 403,
  /** `accessexchange`: ask "Sign in as <username>?" first, then send `confirm: true` (decision 047). */
  CONFIRM_SIGN_IN: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The code of an error known only by its HTTP status (a framework 4xx, or a handler's explicit status). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 414:
      return 'URI_TOO_LONG';
    case 431:
      return 'REQUEST_HEADERS_TOO_LARGE';
    case 422:
      return 'LIMIT_NOT_MET';
    case 429:
      return 'RATE_LIMITED';
    case 502:
      return 'PROVIDER_ERROR';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
