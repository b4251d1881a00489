import type { AccessLinkData } from '@tuzo/contracts';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkField } from '@/components/ui/copy-link-field';
import { failureText } from '@/lib/api-client';
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
            <CopyLinkField
              id="profile-access-link"
              label="Your access link"
              link={issued.link}
              testId="access-link"
              messages={{ copied: 'Access link copied', failed: 'Copy failed. Select the link and copy it by hand.' }}
            />
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
