import type { PayoutState } from '@tuzo/contracts';
import { Badge } from '@/components/ui/badge';
import { PAYOUT_STATE_LABELS } from '../utils/payout-rules';

/** A payout's state, coloured, with its meaning as the tooltip text. */
export function PayoutStateBadge({ state }: { state: PayoutState }) {
  const known = PAYOUT_STATE_LABELS[state];
  return (
    <Badge tone={known.tone} title={known.meaning} data-state={state}>
      {known.label}
    </Badge>
  );
}
