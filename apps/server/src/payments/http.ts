/** The outcome of one call to a provider: HTTP status and the parsed JSON body (null when not JSON). */
export interface ProviderResponse {
  status: number;
  body: unknown;
}

/** Error raised when a provider cannot be reached or answers with an error the caller must report. */
export class ProviderError extends Error {
  constructor(
    readonly provider: 'mpesa' | 'flutterwave' | 'africastalking',
    message: string,
    readonly httpStatus: number,
    readonly errorCode: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** One HTTP call with a timeout; network failures become a ProviderError with status 0. */
export async function callProvider(
  provider: ProviderError['provider'],
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: unknown;
    /** A form body (application/x-www-form-urlencoded) instead of JSON: Africa's Talking takes its fields so. */
    form?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<ProviderResponse> {
  let response: Response;
  const requestBody = init.form
    ? new URLSearchParams(init.form).toString()
    : init.body !== undefined
      ? JSON.stringify(init.body)
      : undefined;
  const contentType = init.form ? 'application/x-www-form-urlencoded' : 'application/json';
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(requestBody !== undefined ? { 'content-type': contentType } : {}),
        ...init.headers,
      },
      ...(requestBody !== undefined ? { body: requestBody } : {}),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new ProviderError(provider, `${provider} is unreachable: ${(error as Error).message}`, 0);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The request reached the provider but its answer was cut off (or timed out while it came): what it said is unknown.
    throw new ProviderError(provider, `${provider}'s answer could not be read: ${(error as Error).message}`, 0);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}
