import { Badge, type BadgeTone } from '@/components/ui/badge';

const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  '0': { label: 'Pending', tone: 'warning' },
  '1': { label: 'Declined', tone: 'danger' },
  '2': { label: 'Completed', tone: 'success' },
};

/** Withdrawal status (spec part 2, section 4): '0' Pending yellow, '1' Declined red, '2' Completed green. */
export function WithdrawalStatusBadge({ status }: { status: string }) {
  const known = STATUSES[String(status)] ?? { label: 'Unknown', tone: 'neutral' as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
