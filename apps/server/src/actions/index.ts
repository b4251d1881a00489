import type { RegisteredAction } from '../http/action.ts';
import { systemActions } from '../modules/system/system.actions.ts';
import { authActions } from '../modules/auth/auth.actions.ts';
import { countriesActions } from '../modules/countries/countries.actions.ts';
import { passwordResetActions } from '../modules/password-reset/password-reset.actions.ts';
import { registrationActions } from '../modules/registration/registration.actions.ts';
import { userdataActions } from '../modules/userdata/userdata.actions.ts';
import { activationActions } from '../modules/activation/activation.actions.ts';
import { withdrawalsActions } from '../modules/withdrawals/withdrawals.actions.ts';
import { payForClientActions } from '../modules/payforclient/payforclient.actions.ts';
import { adminMembersActions } from '../modules/admin-members/admin-members.actions.ts';
import { adminMoneyActions } from '../modules/admin-money/admin-money.actions.ts';
import { adminOverviewActions } from '../modules/admin-overview/admin-overview.actions.ts';
import { depositsActions } from '../modules/deposits/deposits.actions.ts';
import { teamActions } from '../modules/team/team.actions.ts';
import { spinsActions } from '../modules/spins/spins.actions.ts';
import { bonusesActions } from '../modules/bonuses/bonuses.actions.ts';
import { notificationsActions } from '../modules/notifications/notifications.actions.ts';
import { smsActions } from '../modules/sms/sms.actions.ts';
import { triviaActions } from '../modules/trivia/trivia.actions.ts';
import { lessonsActions } from '../modules/lessons/lessons.actions.ts';
import { videosActions } from '../modules/videos/videos.actions.ts';
import { adsActions } from '../modules/ads/ads.actions.ts';
import { timetableActions } from '../modules/timetable/timetable.actions.ts';
import { staffActions } from '../modules/staff/staff.actions.ts';
import { adminContentActions } from '../modules/admin-content/admin-content.actions.ts';
import { adminSettingsActions } from '../modules/admin-settings/admin-settings.actions.ts';
import { adminApprovalsActions } from '../modules/admin-approvals/admin-approvals.actions.ts';
import { payoutRiskActions } from '../modules/payouts/payout-risk.actions.ts';
import { payoutsActions } from '../modules/payouts/payouts.actions.ts';
import { myDataActions } from '../modules/my-data/my-data.actions.ts';
import { phoneChangeActions } from '../modules/phone-changes/phone-changes.actions.ts';
import { adminNoticesActions } from '../modules/admin-notices/admin-notices.actions.ts';

/**
 * The action registry: every module's actions, composed here and nowhere else. Add a module's list below.
 */
export const allActions: readonly RegisteredAction[] = [
  ...systemActions,
  ...authActions,
  ...registrationActions,
  ...countriesActions,
  ...userdataActions,
  ...passwordResetActions,
  ...activationActions,
  ...withdrawalsActions,
  ...payForClientActions,
  ...adminMembersActions,
  ...adminMoneyActions,
  ...adminOverviewActions,
  ...depositsActions,
  ...teamActions,
  ...spinsActions,
  ...bonusesActions,
  ...notificationsActions,
  ...smsActions,
  ...triviaActions,
  ...lessonsActions,
  ...videosActions,
  ...adsActions,
  ...timetableActions,
  ...staffActions,
  ...adminContentActions,
  ...adminSettingsActions,
  ...adminApprovalsActions,
  ...payoutRiskActions,
  ...payoutsActions,
  ...myDataActions,
  ...phoneChangeActions,
  ...adminNoticesActions,
];
