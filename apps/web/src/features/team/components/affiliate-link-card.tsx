import { TEAM_MESSAGES } from '@tuzo/contracts';
import { Copy, Link2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { copyText } from '@/lib/clipboard';
import { useAffiliateLink } from '../api/get-affiliate-link';

/** The member's affiliate link, `{public site url}/reg/{username}`, with a copy button (spec: two toasts). */
export function AffiliateLinkCard() {
  const { data: link, isPending, isError } = useAffiliateLink();
  const copy = async () => {
    if (!link) return;
    try {
      await copyText(link);
      toast.success(TEAM_MESSAGES.copied);
    } catch {
      toast.error(TEAM_MESSAGES.copyFailed);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          Affiliate Link
        </CardTitle>
        <CardDescription>Everyone who joins through your link becomes part of your team.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="share-affiliate-link" className="sr-only">
          Your affiliate link
        </label>
        {isPending ? (
          <Skeleton className="h-11 w-full sm:flex-1" />
        ) : (
          <input
            id="share-affiliate-link"
            readOnly
            value={link ?? ''}
            placeholder={isError ? 'Your link could not be loaded' : undefined}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800 sm:flex-1"
          />
        )}
        <Button onClick={copy} disabled={!link}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </CardContent>
    </Card>
  );
}
