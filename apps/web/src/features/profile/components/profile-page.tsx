import type { UserDetails } from '@tuzo/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTexts, type Translate } from '@/i18n';
import { formatLongDateTime } from '@/lib/format-date';
import { staffRoleOf } from '@/lib/staff-role';
import { AccessLinkCard } from './access-link-card';
import { profileTexts } from '../texts';
import { ChangePasswordDialog } from './change-password-dialog';
import { LanguageCard } from './language-card';
import { SmsSettingsCard } from './sms-settings-card';
import { UssdPinCard } from './ussd-pin-card';

type ProfileKey = keyof typeof profileTexts.en;

function rows(details: UserDetails, t: Translate<ProfileKey>): Array<[ProfileKey, string]> {
  return [
    ['username', details.uname],
    ['email', details.email],
    ['phone', details.phone],
    ['country', details.abrv ? `${details.country} (${details.abrv})` : details.country],
    ['joined', formatLongDateTime(details.join)],
    ['activatedOn', formatLongDateTime(details.lastupdate)],
    ['upline', details.l1 ? details.l1 : t('none')],
  ];
}

/** The rows' test ids come from the English labels, the same in every language ("profile-actived-on"). */
function testIdOf(key: ProfileKey): string {
  return `profile-${profileTexts.en[key].toLowerCase().replace(/\s+/g, '-')}`;
}

/** The profile page (spec part 1, "Profile page"), shown at /profile and /user-profile. */
export function ProfilePage({ details }: { details: UserDetails }) {
  const t = useTexts(profileTexts);
  const isStaff = staffRoleOf(details).isStaff;
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
                  {details.account_status ? t('activeAccount') : t('inactiveAccount')}
                </Badge>
              </div>
            </div>
            <ChangePasswordDialog />
          </div>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100">
            {rows(details, t).map(([key, value]) => (
              <div key={key} className="grid grid-cols-1 gap-0.5 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm font-medium text-slate-600">{t(key)}</dt>
                <dd className="text-sm break-words text-slate-900 sm:col-span-2" data-testid={testIdOf(key)}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {/* Staff use the console, which stays English (decision 038). */}
      {isStaff ? null : <LanguageCard />}
      {/* Staff sign in with their authenticator; access links are for members (decision 021). */}
      {isStaff ? null : <AccessLinkCard />}
      {isStaff ? null : <SmsSettingsCard />}
      {isStaff ? null : <UssdPinCard details={details} />}
    </div>
  );
}
