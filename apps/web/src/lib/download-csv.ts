import { ApiError } from './api-client';
import { readAccessToken } from './storage-keys';

type CsvQuery = Record<string, string | number | boolean | undefined>;

/**
 * Downloads an operator CSV export (`/api/admin/export/<name>?<filters>`) with the session's bearer token and hands
 * it to the browser as a file. The server streams it from the database; a refusal arrives as the usual envelope and
 * is thrown as an ApiError.
 */
export async function downloadCsv(name: string, filters: CsvQuery): Promise<void> {
  await downloadCsvFrom(`/api/admin/export/${encodeURIComponent(name)}`, filters, `tuzo-${name}.csv`);
}

/**
 * Downloads the CSV another operator route answers (the payout settlement, `/api/admin/payouts/settlement?day=`), as
 * `downloadCsv` does; `fallbackName` names the file when the answer does not.
 */
export async function downloadCsvFrom(path: string, filters: CsvQuery, fallbackName: string): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  const token = readAccessToken();
  const response = await fetch(`${path}?${query.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await response.json().catch(() => ({}))) as { status?: number; code?: ApiError['code']; msg?: string };
    throw new ApiError({
      status: body.status ?? response.status,
      code: body.code ?? 'INTERNAL',
      msg: body.msg ?? 'The export failed',
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
