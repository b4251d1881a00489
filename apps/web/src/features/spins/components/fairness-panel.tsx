import { CLIENT_SEED_PATTERN } from '@tuzo/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTexts } from '@/i18n';
import { failureText, showErrorToast } from '@/lib/api-client';
import { useSpinState } from '../api/get-spin-state';
import { useRotateSpinSeed } from '../api/rotate-spin-seed';
import { spinsTexts } from '../texts';

/**
 * Provably fair: the SHA-256 of the server seed the next draws use (shown before they happen), the client seed and
 * the next nonce; revealing retires the seed (so past draws can be verified) and starts a new one.
 */
export function FairnessPanel({ isSpinning }: { isSpinning: boolean }) {
  const state = useSpinState();
  const rotate = useRotateSpinSeed();
  const [clientSeed, setClientSeed] = useState('');
  const t = useTexts(spinsTexts);
  const error = clientSeed !== '' && !CLIENT_SEED_PATTERN.test(clientSeed) ? t('clientSeedRule') : undefined;

  const onReveal = async () => {
    try {
      const envelope = await rotate.mutateAsync(clientSeed ? { client_seed: clientSeed } : {});
      toast.success(envelope.msg || t('seedRevealed'));
      setClientSeed('');
    } catch (failure) {
      const message = failureText(failure, { failed: t('revealFailed') });
      if (message) showErrorToast(message);
    }
  };

  return (
    <section aria-labelledby="fairness" className="flex flex-col gap-3" data-testid="spin-fairness">
      <h2 id="fairness" className="text-base font-semibold text-slate-900">
        {t('fairTitle')}
      </h2>
      {state.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('seedHash')}</dt>
          <dd className="font-mono text-xs break-all" data-testid="spin-seed-hash">
            {state.data.server_seed_hash}
          </dd>
          <dt className="text-slate-600">{t('clientSeed')}</dt>
          <dd className="font-mono text-xs break-all" data-testid="spin-client-seed">
            {state.data.client_seed}
          </dd>
          <dt className="text-slate-600">{t('nextNonce')}</dt>
          <dd className="tabular-nums">{state.data.nonce}</dd>
        </dl>
      ) : null}
      <p className="text-xs text-slate-600">{t('fairExplain')}</p>
      <Field label={t('newClientSeed')} htmlFor="spin-client-seed-input" error={error}>
        <Input
          id="spin-client-seed-input"
          value={clientSeed}
          autoComplete="off"
          onChange={(event) => setClientSeed(event.target.value.trim())}
          {...invalidProps('spin-client-seed-input', error)}
        />
      </Field>
      <Button variant="secondary" disabled={rotate.isPending || isSpinning || Boolean(error)} onClick={() => void onReveal()}>
        {t('reveal')}
      </Button>
    </section>
  );
}
