import type { UserDetails } from '@tuzo/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDateTime } from '@/lib/format-date';
import { staffRoleOf } from '@/lib/staff-role';
import { AccessLinkCard } from './access-link-card';
import { ChangePasswordDialog } from './change-password-dialog';
import { SmsSettingsCard } from './sms-settings-card';

function rows(details: UserDetails): Array<[string, string]> {
  return [
    ['Username', details.uname],
    ['Email', details.email],
    ['Phone', details.phone],
    ['Country', details.abrv ? `${details.country} (${details.abrv})` : details.country],
    ['Joined', formatLongDateTime(details.join)],
    ['Actived On', formatLongDateTime(details.lastupdate)],
    ['Upline', details.l1 ? details.l1 : 'None'],
  ];
}

/** The profile page (spec part 1, "Profile page"), shown at /profile and /user-profile. */
export function ProfilePage({ details }: { details: UserDetails }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <span
                className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800 uppercase"
                aria-hidden="true"
              >
                {details.uname.slice(0, 2)}
              </span>
              <div>
                <CardTitle className="text-lg">{details.uname}</CardTitle>
                <Badge tone={details.account_status ? 'success' : 'danger'} className="mt-1">
                  {details.account_status ? 'Active Account' : 'Inactive Account'}
                </Badge>
              </div>
            </div>
            <ChangePasswordDialog />
          </div>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100">
            {rows(details).map(([label, value]) => (
              <div key={label} className="grid grid-cols-1 gap-0.5 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm font-medium text-slate-600">{label}</dt>
                <dd
                  className="text-sm break-words text-slate-900 sm:col-span-2"
                  data-testid={`profile-${label.toLowerCase().replace(/\s+/g, '-')}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {/* Staff sign in with their authenticator; access links are for members (decision 021). */}
      {staffRoleOf(details).isStaff ? null : <AccessLinkCard />}
      {staffRoleOf(details).isStaff ? null : <SmsSettingsCard />}
    </div>
  );
}
