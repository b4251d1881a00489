import { Badge, type BadgeTone } from './badge';

export type StatusCode = '0' | '1' | '2';

/** Deposit, transfer and withdrawal status codes (spec part 2, section 4): '0' Pending, '1' Declined, '2' Completed. */
export const STATUS_LABELS: Record<StatusCode, { label: string; tone: BadgeTone }> = {
  '0': { label: 'Pending', tone: 'warning' },
  '1': { label: 'Declined', tone: 'danger' },
  '2': { label: 'Completed', tone: 'success' },
};

const UNKNOWN = { label: 'Unknown', tone: 'neutral' } as const;

/** The coloured status of a money movement; an unknown code shows as 'Unknown'. */
export function StatusBadge({ status }: { status: string | number }) {
  const known = (STATUS_LABELS as Partial<Record<string, { label: string; tone: BadgeTone }>>)[String(status)] ?? UNKNOWN;
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
