import toast from 'react-hot-toast';
import { errorMessage, failureText, isApiError, showErrorToast } from '@/lib/api-client';

/**
 * Sends a content tab's checked payload. Answers the server's own refusal (a missing file, a conflict, a row gone)
 * to show under the tab's field, or null: saved, or another failure already shown as a toast (`failed`).
 */
export async function saveContent<Payload>(input: {
  send: (payload: Payload) => Promise<unknown>;
  payload: Payload;
  failed: string;
}): Promise<{ refusal: string } | { saved: boolean }> {
  try {
    await input.send(input.payload);
    return { saved: true };
  } catch (error) {
    if (isApiError(error, 'VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND')) return { refusal: error.msg };
    showErrorToast(failureText(error, { failed: input.failed, thrown: errorMessage(error) }) ?? input.failed);
    return { saved: false };
  }
}

/** Retire or restore one item, with a toast either way. */
export async function toggleActive(input: {
  send: (payload: { id: string; active: boolean }) => Promise<unknown>;
  id: string;
  active: boolean;
  noun: string;
}): Promise<void> {
  try {
    await input.send({ id: input.id, active: input.active });
    toast.success(`${input.noun} ${input.active ? 'restored' : 'retired'}`);
  } catch (error) {
    showErrorToast(
      failureText(error, { failed: `The ${input.noun.toLowerCase()} was not changed`, thrown: errorMessage(error) }) ??
        'Not changed',
    );
  }
}
