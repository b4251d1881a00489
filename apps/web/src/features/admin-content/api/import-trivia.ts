import type { AdminTriviaImportData } from '@tuzo/contracts';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';
import { postFile } from './post-file';

/**
 * POST /api/admin/trivia/import with the CSV file as text/csv (a route of its own: the file may be up to 1 MB, above
 * the action endpoint's body limit). A refusal arrives as the usual envelope and is thrown as an ApiError.
 */
export function importTrivia(csv: string): Promise<{ msg: string; data: AdminTriviaImportData }> {
  return postFile<AdminTriviaImportData>('/api/admin/trivia/import', 'text/csv', csv, 'The import failed');
}

export function useImportTrivia() {
  return useReloadingMutation(importTrivia, [['admin', 'trivia']]);
}
