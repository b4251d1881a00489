import type { MemberStatus } from '@tuzo/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const STATUS: Record<MemberStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  suspended: { label: 'Suspended', tone: 'danger' },
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const known = STATUS[status];
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
