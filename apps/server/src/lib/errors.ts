import { statusForCode, type ErrorCode } from '@tuzo/contracts';

/** The one error type services throw; the action endpoint turns it into a 4xx/5xx envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, data: unknown = null) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusForCode(code);
    this.data = data;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
