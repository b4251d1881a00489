import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A labelled progress bar (0-100) for the bonus screens. */
export function BonusProgress({ label, percent }: { label: string; percent: number }) {
  const value = Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-semibold text-brand-800" data-testid="bonus-percent">
          {value}%
        </span>
      </div>
      <div
        className="h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** One figure of a bonus screen. */
export function BonusFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold break-words text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A bonus screen's claim: the claimed notice or the hint (said as it changes), then the claim button, disabled while
 * it is sent and once claimed; the hint describes the button.
 */
export function BonusClaim(props: {
  name: 'daily' | 'welcome';
  isClaimed: boolean;
  isPending: boolean;
  claimed: ReactNode;
  hint: string;
  /** The button's text before, while and after claiming. */
  labels: { claim: string; claiming: string; claimed: string };
  onClaim: () => void;
}) {
  const hintId = `${props.name}-hint`;
  return (
    <>
      <div aria-live="polite">
        {props.isClaimed ? (
          <Alert tone="success" data-testid={`${props.name}-claimed`}>
            {props.claimed}
          </Alert>
        ) : (
          <p id={hintId} className="text-sm text-slate-600">
            {props.hint}
          </p>
        )}
      </div>
      <Button
        size="lg"
        onClick={props.onClaim}
        disabled={props.isPending || props.isClaimed}
        aria-describedby={props.isClaimed ? undefined : hintId}
        aria-busy={props.isPending}
      >
        {props.isPending ? props.labels.claiming : props.isClaimed ? props.labels.claimed : props.labels.claim}
      </Button>
    </>
  );
}
