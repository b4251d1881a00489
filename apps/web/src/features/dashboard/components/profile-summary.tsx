import type { UserDetails } from '@tuzo/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { formatLongDateTime } from '@/lib/format-date';
import { dashboardTexts } from '../texts';

export function ProfileSummary({ details }: { details: UserDetails }) {
  const t = useTexts(dashboardTexts);
  const items: Array<[string, string]> = [
    [t('email'), details.email],
    [t('phone'), details.phone],
    [t('country'), details.abrv ? `${details.country} (${details.abrv})` : details.country],
    [t('upline'), details.l1 || t('none')],
    [t('joined'), formatLongDateTime(details.join)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          <span>{t('profile')}</span>
          <Badge tone={details.account_status ? 'success' : 'danger'}>
            {details.account_status ? t('activeAccount') : t('inactiveAccount')}
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
          {t('viewProfile')}
        </Link>
      </CardContent>
    </Card>
  );
}
