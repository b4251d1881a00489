import { useState, type ReactNode } from 'react';
import { Card, CardContent, TitledCard } from '@/components/ui/card';
import { FairnessPanel } from './fairness-panel';
import { SpinHistory } from './spin-history';
import { SpinOdds } from './spin-odds';

/** One card body (no header) of the spin screens. */
function PlainCard({ className = 'pt-6', children }: { className?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/**
 * A spin screen: the wheel's card, its odds beside the fairness proof (and, for the casino, the break), then the
 * member's spins. `wheel` is given the setter that tells the fairness panel a spin is under way.
 */
export function SpinScreen(props: {
  kind: 'casino' | 'free';
  title: string;
  description: string;
  wheel: (onSpinningChange: (isSpinning: boolean) => void) => ReactNode;
  /** Shown under the fairness proof. */
  guardrails?: ReactNode;
}) {
  const [isSpinning, setSpinning] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" data-testid={`spin-${props.kind}-page`}>
      <TitledCard title={props.title} description={props.description} titleClassName="text-lg">
        {props.wheel(setSpinning)}
      </TitledCard>
      <div className="grid gap-4 md:grid-cols-2">
        <PlainCard>
          <SpinOdds kind={props.kind} />
        </PlainCard>
        <PlainCard className={props.guardrails ? 'flex flex-col gap-6 pt-6' : undefined}>
          <FairnessPanel isSpinning={isSpinning} />
          {props.guardrails}
        </PlainCard>
      </div>
      <PlainCard>
        <SpinHistory />
      </PlainCard>
    </div>
  );
}
