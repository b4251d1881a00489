import type { UserDetails } from '@tuzo/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDateTime } from '@/lib/format-date';

export function ProfileSummary({ details }: { details: UserDetails }) {
  const items: Array<[string, string]> = [
    ['Email', details.email],
    ['Phone', details.phone],
    ['Country', details.abrv ? `${details.country} (${details.abrv})` : details.country],
    ['Upline', details.l1 || 'None'],
    ['Joined', formatLongDateTime(details.join)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          <span>Profile</span>
          <Badge tone={details.account_status ? 'success' : 'danger'}>
            {details.account_status ? 'Active Account' : 'Inactive Account'}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm">
          {items.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-slate-600">{label}</dt>
              <dd className="min-w-0 truncate text-right font-medium text-slate-900" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Link to="/profile" className="mt-3 inline-block text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          View full profile
        </Link>
      </CardContent>
    </Card>
  );
}
