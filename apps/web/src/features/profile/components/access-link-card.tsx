import type { AccessLinkData } from '@tuzo/contracts';
import { Copy, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { failureText } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { requestAccessLink } from '../api/request-access-link';

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
}

/**
 * "Open Tuzo on another device": the member asks for a single-use access link (/access/<token>) for their own account,
 * valid for 10 minutes, and opens it on the other phone or computer (README, "Access links").
 */
export function AccessLinkCard() {
  const [issued, setIssued] = useState<AccessLinkData | null>(null);
  const [isPending, setPending] = useState(false);

  const request = async () => {
    setPending(true);
    try {
      const { data, msg } = await requestAccessLink();
      setIssued(data);
      toast.success(msg);
    } catch (error) {
      const message = failureText(error, { failed: 'Could not create an access link' });
      if (message) toast.error(message, { id: `error:${message}` });
    } finally {
      setPending(false);
    }
  };
  const copy = async () => {
    if (!issued) return;
    try {
      await copyText(issued.link);
      toast.success('Access link copied');
    } catch {
      toast.error('Copy failed. Select the link and copy it by hand.');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-brand-700" aria-hidden="true" />
          Open Tuzo on another device
        </CardTitle>
        <CardDescription>
          Get a link that signs you in on another phone or computer. It works once, within 10 minutes. Never share it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {issued ? (
          <>
            <div className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor="profile-access-link" className="sr-only">
                Your access link
              </label>
              <input
                id="profile-access-link"
                data-testid="access-link"
                readOnly
                value={issued.link}
                onFocus={(event) => event.currentTarget.select()}
                className="h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800 sm:flex-1"
              />
              <Button onClick={copy}>
                <Copy aria-hidden="true" />
                Copy link
              </Button>
            </div>
            <p className="text-sm text-slate-600">Valid until {timeOf(issued.expires_at)}, for one sign-in.</p>
          </>
        ) : null}
        <div>
          <Button variant="outline" onClick={() => void request()} disabled={isPending}>
            {isPending ? 'Creating link...' : issued ? 'Get a new link' : 'Get access link'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
