import type { AdminTriviaImportData } from '@tuzo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { readAccessToken } from '@/lib/storage-keys';

/**
 * POST /api/admin/trivia/import with the CSV file as text/csv (a route of its own: the file may be up to 1 MB, above
 * the action endpoint's body limit). A refusal arrives as the usual envelope and is thrown as an ApiError.
 */
export async function importTrivia(csv: string): Promise<{ msg: string; data: AdminTriviaImportData }> {
  const token = readAccessToken();
  const response = await fetch('/api/admin/trivia/import', {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: csv,
  });
  const body = (await response.json().catch(() => ({}))) as {
    status?: number;
    code?: ApiError['code'];
    msg?: string;
    data?: AdminTriviaImportData;
    resultcode?: boolean;
  };
  if (!response.ok || !body.resultcode || !body.data) {
    throw new ApiError({
      status: body.status ?? response.status,
      code: body.code ?? 'INTERNAL',
      msg: body.msg ?? 'The import failed',
    });
  }
  return { msg: body.msg ?? '', data: body.data };
}

export function useImportTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTrivia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trivia'] }),
  });
}
