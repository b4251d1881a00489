import { useTexts } from '@/i18n';
import { Badge, type BadgeTone } from './badge';
import { statusBadgeTexts } from './status-badge.texts';

export type StatusCode = '0' | '1' | '2';

/** Deposit, transfer and withdrawal status codes (spec part 2, section 4): '0' Pending, '1' Declined, '2' Completed. */
export const STATUS_LABELS: Record<StatusCode, { label: string; tone: BadgeTone }> = {
  '0': { label: 'Pending', tone: 'warning' },
  '1': { label: 'Declined', tone: 'danger' },
  '2': { label: 'Completed', tone: 'success' },
};

const STATUS_KEYS: Record<StatusCode, 'pending' | 'declined' | 'completed'> = {
  '0': 'pending',
  '1': 'declined',
  '2': 'completed',
};

function isStatusCode(value: string): value is StatusCode {
  return value === '0' || value === '1' || value === '2';
}

/** The coloured status of a money movement, in the member's language; an unknown code shows as 'Unknown'. */
export function StatusBadge({ status }: { status: string | number }) {
  const t = useTexts(statusBadgeTexts);
  const code = String(status);
  if (!isStatusCode(code)) return <Badge tone="neutral">{t('unknown')}</Badge>;
  return <Badge tone={STATUS_LABELS[code].tone}>{t(STATUS_KEYS[code])}</Badge>;
}
