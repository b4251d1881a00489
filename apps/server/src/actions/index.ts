import type { RegisteredAction } from '../http/action.ts';
import { systemActions } from '../modules/system/index.ts';
import { authActions, registerSignInAnswer } from '../modules/auth/index.ts';
import { countriesActions } from '../modules/countries/index.ts';
import { passwordResetActions } from '../modules/password-reset/index.ts';
import { registrationActions } from '../modules/registration/index.ts';
import { loadLastUpdate, loadUserData, userdataActions } from '../modules/userdata/index.ts';
import { activationActions } from '../modules/activation/index.ts';
import { withdrawalsActions } from '../modules/withdrawals/index.ts';
import { payForClientActions } from '../modules/payforclient/index.ts';
import { adminMembersActions } from '../modules/admin-members/index.ts';
import { adminMoneyActions } from '../modules/admin-money/index.ts';
import { adminOverviewActions } from '../modules/admin-overview/index.ts';
import { jobsActions } from '../modules/jobs/index.ts';
import { depositsActions } from '../modules/deposits/index.ts';
import { teamActions } from '../modules/team/index.ts';
import { referralStatsActions } from '../modules/referral-stats/index.ts';
import { spinsActions } from '../modules/spins/index.ts';
import { bonusesActions } from '../modules/bonuses/index.ts';
import { notificationsActions } from '../modules/notifications/index.ts';
import { smsActions } from '../modules/sms/index.ts';
import { ussdActions } from '../modules/ussd/index.ts';
import { triviaActions } from '../modules/trivia/index.ts';
import { lessonsActions } from '../modules/lessons/index.ts';
import { videosActions } from '../modules/videos/index.ts';
import { adsActions } from '../modules/ads/index.ts';
import { timetableActions } from '../modules/timetable/index.ts';
import { staffActions } from '../modules/staff/index.ts';
import { adminContentActions } from '../modules/admin-content/index.ts';
import { adminSettingsActions } from '../modules/admin-settings/index.ts';
import { adminApprovalsActions } from '../modules/admin-approvals/index.ts';
import { payoutRiskActions, payoutsActions } from '../modules/payouts/index.ts';
import { myDataActions } from '../modules/my-data/index.ts';
import { phoneChangeActions } from '../modules/phone-changes/index.ts';
import { adminNoticesActions } from '../modules/admin-notices/index.ts';
import { clustersActions } from '../modules/clusters/index.ts';

/** Auth (the kernel) answers a sign-in with the userdata feature's data, registered here (decision 049). */
registerSignInAnswer({ userData: loadUserData, lastUpdate: loadLastUpdate });

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
  ...jobsActions,
  ...depositsActions,
  ...teamActions,
  ...referralStatsActions,
  ...spinsActions,
  ...bonusesActions,
  ...notificationsActions,
  ...smsActions,
  ...ussdActions,
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
  ...clustersActions,
];
