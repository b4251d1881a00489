import { ApiError } from '@/lib/api-client';
import { readAccessToken } from '@/lib/storage-keys';

/**
 * POST a file's bytes to a route of its own (an upload or an import, above the action endpoint's body limit). A
 * refusal arrives as the usual envelope and is thrown as an ApiError with the server's message, or `failed`.
 */
export async function postFile<Data>(
  url: string,
  contentType: string,
  body: BodyInit,
  failed: string,
): Promise<{ msg: string; data: Data }> {
  const token = readAccessToken();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const envelope = (await response.json().catch(() => ({}))) as {
    status?: number;
    code?: ApiError['code'];
    msg?: string;
    data?: Data;
    resultcode?: boolean;
  };
  if (!response.ok || !envelope.resultcode || !envelope.data) {
    throw new ApiError({
      status: envelope.status ?? response.status,
      code: envelope.code ?? 'INTERNAL',
      msg: envelope.msg ?? failed,
    });
  }
  return { msg: envelope.msg ?? '', data: envelope.data };
}
