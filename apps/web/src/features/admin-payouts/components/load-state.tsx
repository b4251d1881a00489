import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/api-client';

/** A card's loading line, or its failure: the server's message, else `texts.failed`. */
export function LoadState({
  isPending,
  error,
  texts,
}: {
  isPending: boolean;
  error: unknown;
  texts: { failed: string; thrown?: string };
}) {
  return (
    <>
      {isPending ? <Skeleton className="h-5 w-full" /> : null}
      {error ? <Alert tone="error">{failureText(error, texts) ?? texts.failed}</Alert> : null}
    </>
  );
}
