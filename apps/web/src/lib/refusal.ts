import type { ErrorCode } from '@tuzo/contracts';
import { errorMessage, failureText, isApiError, showErrorToast } from './api-client';

/** The refusals a console form shows in place, under its field: a reason to read (a bad value, done, gone, not yours). */
export const READABLE_REFUSALS: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'CONFLICT',
  'ALREADY_DONE',
  'NOT_FOUND',
  'FORBIDDEN',
];

/** A failed submission: a refusal of `codes` is shown in place through `showInPlace`, anything else as a toast. */
export function reportRefusal(thrown: unknown, codes: readonly ErrorCode[], showInPlace: (message: string) => void): void {
  if (isApiError(thrown, ...codes)) showInPlace(thrown.msg);
  else showErrorToast(errorMessage(thrown));
}

/** A failed call as a toast: the server's message (or `failed`), a thrown error's own message; nothing after a 401. */
export function toastFailure(thrown: unknown, failed: string): void {
  const message = failureText(thrown, { failed, thrown: errorMessage(thrown) });
  if (message) showErrorToast(message);
}
