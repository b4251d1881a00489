import { CLIENT_SEED_MESSAGE, CLIENT_SEED_PATTERN } from '@tuzo/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useSpinState } from '../api/get-spin-state';
import { useRotateSpinSeed } from '../api/rotate-spin-seed';

/**
 * Provably fair: the SHA-256 of the server seed the next draws use (shown before they happen), the client seed and
 * the next nonce; revealing retires the seed (so past draws can be verified) and starts a new one.
 */
export function FairnessPanel({ isSpinning }: { isSpinning: boolean }) {
  const state = useSpinState();
  const rotate = useRotateSpinSeed();
  const [clientSeed, setClientSeed] = useState('');
  const error = clientSeed !== '' && !CLIENT_SEED_PATTERN.test(clientSeed) ? CLIENT_SEED_MESSAGE : undefined;

  const onReveal = async () => {
    try {
      const envelope = await rotate.mutateAsync(clientSeed ? { client_seed: clientSeed } : {});
      toast.success(envelope.msg || 'Server seed revealed');
      setClientSeed('');
    } catch (failure) {
      const message = failureText(failure, { failed: 'Could not reveal the seed' });
      if (message) showErrorToast(message);
    }
  };

  return (
    <section aria-labelledby="fairness" className="flex flex-col gap-3" data-testid="spin-fairness">
      <h2 id="fairness" className="text-base font-semibold text-slate-900">
        Provably fair
      </h2>
      {state.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Server seed SHA-256</dt>
          <dd className="font-mono text-xs break-all" data-testid="spin-seed-hash">
            {state.data.server_seed_hash}
          </dd>
          <dt className="text-slate-600">Client seed</dt>
          <dd className="font-mono text-xs break-all" data-testid="spin-client-seed">
            {state.data.client_seed}
          </dd>
          <dt className="text-slate-600">Next nonce</dt>
          <dd className="tabular-nums">{state.data.nonce}</dd>
        </dl>
      ) : null}
      <p className="text-xs text-slate-600">
        Each draw is HMAC-SHA256(server seed, &quot;client seed:nonce&quot;) mapped onto the odds table. Reveal the seed to check
        past draws in your history; a new seed (its hash shown above) takes over.
      </p>
      <Field label="New client seed (optional)" htmlFor="spin-client-seed-input" error={error}>
        <Input
          id="spin-client-seed-input"
          value={clientSeed}
          autoComplete="off"
          onChange={(event) => setClientSeed(event.target.value.trim())}
          {...invalidProps('spin-client-seed-input', error)}
        />
      </Field>
      <Button variant="secondary" disabled={rotate.isPending || isSpinning || Boolean(error)} onClick={() => void onReveal()}>
        Reveal seed and start a new one
      </Button>
    </section>
  );
}
