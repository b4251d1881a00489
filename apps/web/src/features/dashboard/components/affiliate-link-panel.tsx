import { Copy, Link2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { copyText } from '@/lib/clipboard';

/** The member's affiliate link: `${liveSiteUrl}/reg/${uname}` with the app's own origin as the live site url. */
export function buildAffiliateLink(uname: string, liveSiteUrl = window.location.origin): string {
  return `${liveSiteUrl}/reg/${encodeURIComponent(uname)}`;
}

export function AffiliateLinkPanel({ uname }: { uname: string }) {
  const link = buildAffiliateLink(uname);
  const copy = async () => {
    try {
      await copyText(link);
      toast.success('Link copied to clipboard!');
    } catch {
      toast.error('Failed to copy link!');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-brand-700" aria-hidden="true" />
          Affiliate Link
        </CardTitle>
        <CardDescription>Share it: everyone who joins through it becomes part of your team.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="affiliate-link" className="sr-only">
          Your affiliate link
        </label>
        <input
          id="affiliate-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800"
        />
        <Button onClick={copy}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </CardContent>
    </Card>
  );
}
