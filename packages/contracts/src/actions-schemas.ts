import type { z } from 'zod';
import { ACTIONS, actionMethods, type ActionAccess, type ActionMethod, type ActionName } from './actions.ts';
import { ACTION_SUMMARIES } from './actions-summaries.ts';
import * as activation from './activation.ts';
import * as admin from './admin.ts';
import * as adminContent from './admin-content.ts';
import * as adminMembers from './admin-members.ts';
import * as adminOverview from './admin-overview.ts';
import * as adminJobs from './admin-jobs.ts';
import * as adminSettings from './admin-settings.ts';
import * as approvals from './approvals.ts';
import * as auth from './auth.ts';
import * as bonuses from './bonuses.ts';
import * as broadcast from './broadcast.ts';
import * as common from './common.ts';
import * as consoleNotices from './console-notices.ts';
import * as deposits from './deposits.ts';
import * as fraud from './fraud.ts';
import * as lessons from './lessons.ts';
import * as myData from './my-data.ts';
import * as notifications from './notifications.ts';
import * as payforclient from './payforclient.ts';
import * as payoutRisk from './payout-risk.ts';
import * as payouts from './payouts.ts';
import * as phoneChanges from './phone-changes.ts';
import * as sms from './sms.ts';
import * as ussd from './ussd.ts';
import * as spins from './spins.ts';
import * as staff from './staff.ts';
import * as tasks from './tasks.ts';
import * as referralStats from './referral-stats.ts';
import * as team from './team.ts';
import * as trivia from './trivia.ts';
import * as withdrawals from './withdrawals.ts';

/** The answers of the money actions that may become a four-eyes request (status 202). */
const orRequest = {
  adminDeposit: approvals.orApprovalRequest(adminMembers.AdminDepositDataSchema),
  adminChangeUpline: approvals.orApprovalRequest(adminMembers.AdminChangeUplineDataSchema),
  updateTrans: approvals.orApprovalRequest(admin.UpdateTransDataSchema),
  adminAdjust: approvals.orApprovalRequest(admin.AdminAdjustDataSchema),
  adminResolveCode: approvals.orApprovalRequest(admin.AdminResolveCodeDataSchema),
  adminSetting: approvals.orApprovalRequest(adminSettings.AdminSettingDataSchema),
  adminDecideCluster: approvals.orApprovalRequest(fraud.AdminDecideClusterDataSchema),
};

/**
 * The action catalogue, part two: each action's `[payload, data]` schemas (decision 050). The endpoint validates the
 * query string (GET) or JSON body (POST) against the payload, checks the handler's answer against the data (loudly
 * outside production) and the OpenAPI document is generated from both. The web reads only their types.
 */
export const ACTION_SCHEMAS = {
  ping: [common.NoPayloadSchema, auth.PingDataSchema],
  login: [auth.LoginPayloadSchema, auth.LoginDataSchema],
  auth: [common.NoPayloadSchema, auth.AuthDataSchema],
  logout: [common.NoPayloadSchema, common.NoDataSchema],
  updatepassword: [auth.UpdatePasswordPayloadSchema, common.NoDataSchema],
  accesslink: [common.NoPayloadSchema, auth.AccessLinkDataSchema],
  accessexchange: [auth.AccessExchangePayloadSchema, auth.LoginDataSchema],
  populateCountrys: [common.NoPayloadSchema, auth.CountriesDataSchema],
  forgotpassword: [auth.ForgotPasswordPayloadSchema, common.NoDataSchema],
  resetpassword: [auth.ResetPasswordPayloadSchema, common.NoDataSchema],
  register: [auth.RegisterPayloadSchema, common.NoDataSchema],
  freeuser: [auth.FreeUserPayloadSchema, common.NoDataSchema],
  freeemail: [auth.FreeEmailPayloadSchema, common.NoDataSchema],
  freephone: [auth.FreePhonePayloadSchema, common.NoDataSchema],
  userdata: [common.NoPayloadSchema, auth.UserDataSchema],
  activateaccount: [activation.ActivatePayloadSchema, activation.ActivateDataSchema],
  systemwithdrawal: [withdrawals.WithdrawPayloadSchema, withdrawals.WithdrawDataSchema],
  withdrawalhistory: [common.NoPayloadSchema, withdrawals.WithdrawalHistoryDataSchema],
  confirmpayforclient: [payforclient.ConfirmPayForClientPayloadSchema, payforclient.ConfirmPayForClientDataSchema],
  payforclient: [payforclient.PayForClientPayloadSchema, payforclient.PayForClientDataSchema],
  populatepayfroclient: [common.NoPayloadSchema, payforclient.TransferHistoryDataSchema],
  adminmembers: [adminMembers.AdminMembersPayloadSchema, adminMembers.AdminMembersDataSchema],
  adminmember: [adminMembers.AdminMemberPagePayloadSchema, adminMembers.AdminMemberDataSchema],
  adminmemberhistory: [adminMembers.AdminMemberHistoryPayloadSchema, adminMembers.AdminMemberHistoryDataSchema],
  adminupdatemember: [adminMembers.AdminUpdateMemberPayloadSchema, adminMembers.AdminMemberStateDataSchema],
  adminsuspend: [adminMembers.AdminMemberActionPayloadSchema, adminMembers.AdminMemberStateDataSchema],
  adminunsuspend: [adminMembers.AdminMemberActionPayloadSchema, adminMembers.AdminMemberStateDataSchema],
  adminsignout: [adminMembers.AdminMemberActionPayloadSchema, adminMembers.AdminMemberStateDataSchema],
  adminresetlink: [adminMembers.AdminMemberActionPayloadSchema, adminMembers.AdminResetLinkDataSchema],
  admindeposit: [adminMembers.AdminDepositPayloadSchema, orRequest.adminDeposit],
  adminchangeupline: [adminMembers.AdminChangeUplinePayloadSchema, orRequest.adminChangeUpline],
  adminactivate: [admin.AdminMemberPayloadSchema, activation.ActivateDataSchema],
  admindeactivate: [admin.AdminMemberPayloadSchema, admin.AdminDeactivateDataSchema],
  adminwithdrawalqueue: [adminMembers.AdminWithdrawalQueuePayloadSchema, adminMembers.AdminWithdrawalQueueDataSchema],
  adminbulkdecide: [adminMembers.AdminBulkDecidePayloadSchema, adminMembers.AdminBulkDecideDataSchema],
  admindeposits: [adminMembers.AdminDepositsPayloadSchema, adminMembers.AdminDepositsDataSchema],
  admincheckdeposit: [adminMembers.AdminCheckDepositPayloadSchema, adminMembers.AdminCheckDepositDataSchema],
  adminwithdrawals: [admin.AdminWithdrawalsPayloadSchema, admin.AdminWithdrawalsDataSchema],
  updatetrans: [admin.UpdateTransPayloadSchema, orRequest.updateTrans],
  adminretrypayout: [payouts.AdminPayoutIdPayloadSchema, payouts.AdminRetryPayoutDataSchema],
  adminadjust: [admin.AdminAdjustPayloadSchema, orRequest.adminAdjust],
  adminreviewcodes: [admin.AdminReviewCodesPayloadSchema, admin.AdminReviewCodesDataSchema],
  adminresolvecode: [admin.AdminResolveCodePayloadSchema, orRequest.adminResolveCode],
  adminoverview: [adminOverview.AdminOverviewPayloadSchema, adminOverview.AdminOverviewDataSchema],
  adminjobs: [adminJobs.AdminJobsPayloadSchema, adminJobs.AdminJobsDataSchema],
  adminrevivejob: [adminJobs.AdminReviveJobPayloadSchema, adminJobs.AdminReviveJobDataSchema],
  adminclusters: [fraud.AdminClustersPayloadSchema, fraud.AdminClustersDataSchema],
  admincluster: [fraud.AdminClusterPayloadSchema, fraud.AdminClusterDataSchema],
  admindecidecluster: [fraud.AdminDecideClusterPayloadSchema, orRequest.adminDecideCluster],
  grabpayment: [common.NoPayloadSchema, deposits.GrabPaymentDataSchema],
  stkpush: [deposits.StkPushPayloadSchema, deposits.StkPushDataSchema],
  requestpayment: [deposits.RequestPaymentPayloadSchema, deposits.RequestPaymentDataSchema],
  recovercode: [deposits.RecoverCodePayloadSchema, deposits.RecoverCodeDataSchema],
  deposithistory: [common.NoPayloadSchema, deposits.DepositHistoryDataSchema],
  allmyDownlines: [common.NoPayloadSchema, team.AllMyDownlinesDataSchema],
  myDownlines: [team.MyDownlinesPayloadSchema, team.MyDownlinesDataSchema],
  affiliatelink: [common.NoPayloadSchema, team.AffiliateLinkDataSchema],
  referralstats: [common.NoPayloadSchema, referralStats.ReferralStatsDataSchema],
  referralvisit: [referralStats.ReferralVisitPayloadSchema, common.NoDataSchema],
  myholds: [fraud.MyHoldsPayloadSchema, fraud.MyHoldsDataSchema],
  askreview: [fraud.AskReviewPayloadSchema, fraud.AskReviewDataSchema],
  freespin: [common.NoPayloadSchema, spins.SpinDataSchema],
  requestSpin: [spins.RequestSpinPayloadSchema, spins.SpinDataSchema],
  spinodds: [spins.SpinOddsPayloadSchema, spins.SpinOddsDataSchema],
  spinstate: [common.NoPayloadSchema, spins.SpinStateDataSchema],
  spinseed: [spins.SpinSeedPayloadSchema, spins.SpinSeedDataSchema],
  spinhistory: [spins.SpinHistoryPayloadSchema, spins.SpinHistoryDataSchema],
  spinconsent: [spins.SpinConsentPayloadSchema, spins.SpinConsentDataSchema],
  spinexclude: [spins.SpinExcludePayloadSchema, spins.SpinExcludeDataSchema],
  dailybonus: [bonuses.ClaimBonusPayloadSchema, bonuses.ClaimBonusDataSchema],
  welcomebonus: [bonuses.ClaimBonusPayloadSchema, bonuses.ClaimBonusDataSchema],
  notifications: [notifications.NotificationsPayloadSchema, notifications.NotificationsDataSchema],
  readnotifications: [notifications.ReadNotificationsPayloadSchema, notifications.ReadNotificationsDataSchema],
  smssettings: [sms.SmsSettingsPayloadSchema, sms.SmsSettingsDataSchema],
  setsmssettings: [sms.SetSmsSettingsPayloadSchema, sms.SmsSettingsDataSchema],
  setussdpin: [ussd.SetUssdPinPayloadSchema, common.NoDataSchema],
  unlockussd: [ussd.UnlockUssdPayloadSchema, common.NoDataSchema],
  setlanguage: [auth.SetLanguagePayloadSchema, auth.SetLanguageDataSchema],
  populatetrivia: [trivia.PopulateTriviaPayloadSchema, trivia.PopulateTriviaDataSchema],
  answerdquiz: [trivia.AnswerQuizPayloadSchema, trivia.AnswerQuizDataSchema],
  triviainfo: [trivia.TriviaInfoPayloadSchema, trivia.TriviaInfoDataSchema],
  lessons: [lessons.LessonsPayloadSchema, lessons.LessonsDataSchema],
  enroll: [lessons.EnrollPayloadSchema, lessons.EnrollDataSchema],
  lessondone: [lessons.LessonDonePayloadSchema, lessons.LessonDoneDataSchema],
  populateyoutube: [common.NoPayloadSchema, tasks.PopulateYoutubeDataSchema],
  populatetiktok: [common.NoPayloadSchema, tasks.PopulateTiktokDataSchema],
  startvideo: [tasks.VideoIdPayloadSchema, tasks.StartVideoDataSchema],
  payyoutube: [tasks.VideoIdPayloadSchema, tasks.PayVideoDataSchema],
  paytiktok: [tasks.VideoIdPayloadSchema, tasks.PayVideoDataSchema],
  populateads: [common.NoPayloadSchema, tasks.PopulateAdsDataSchema],
  payAds: [tasks.PayAdsPayloadSchema, tasks.PayAdsDataSchema],
  tasks: [common.NoPayloadSchema, tasks.TasksDataSchema],
  totpsetup: [staff.TotpSetupPayloadSchema, staff.TotpSetupDataSchema],
  totpconfirm: [staff.TotpConfirmPayloadSchema, staff.TotpConfirmDataSchema],
  adminstaff: [staff.AdminStaffPayloadSchema, staff.AdminStaffDataSchema],
  adminstaffcreate: [staff.AdminStaffCreatePayloadSchema, approvals.ApprovalRequestedDataSchema],
  adminstaffdisable: [staff.AdminStaffDisablePayloadSchema, approvals.ApprovalRequestedDataSchema],
  adminstaffrole: [staff.AdminStaffRolePayloadSchema, approvals.ApprovalRequestedDataSchema],
  adminstafftotpreset: [staff.AdminStaffTotpResetPayloadSchema, approvals.ApprovalRequestedDataSchema],
  adminstaffenrolment: [staff.AdminStaffTotpResetPayloadSchema, staff.AdminStaffEnrolmentLinkDataSchema],
  adminfoureyes: [staff.AdminFourEyesPayloadSchema, staff.AdminFourEyesDataSchema],
  staffenrolment: [staff.StaffEnrolmentPayloadSchema, staff.StaffEnrolmentDataSchema],
  staffenrol: [staff.StaffEnrolPayloadSchema, staff.StaffEnrolDataSchema],
  adminnotify: [staff.AdminNotifyPayloadSchema, staff.AdminNotifyDataSchema],
  adminaudit: [staff.AdminAuditPayloadSchema, staff.AdminAuditDataSchema],
  admintrivia: [adminContent.AdminTriviaPayloadSchema, adminContent.AdminTriviaDataSchema],
  admintriviasave: [adminContent.AdminTriviaSavePayloadSchema, adminContent.AdminTriviaSaveDataSchema],
  admintriviaretire: [adminContent.AdminTriviaRetirePayloadSchema, adminContent.AdminTriviaRowSchema],
  adminbroadcast: [broadcast.AdminBroadcastPayloadSchema, broadcast.AdminBroadcastDataSchema],
  adminvideos: [adminContent.AdminVideosPayloadSchema, adminContent.AdminVideosDataSchema],
  adminvideosave: [adminContent.AdminVideoSavePayloadSchema, adminContent.AdminVideoRowSchema],
  adminvideoretire: [adminContent.RetirePayloadSchema, adminContent.AdminVideoRowSchema],
  adminads: [adminContent.AdminAdsPayloadSchema, adminContent.AdminAdsDataSchema],
  adminadsave: [adminContent.AdminAdSavePayloadSchema, adminContent.AdminAdRowSchema],
  adminadretire: [adminContent.RetirePayloadSchema, adminContent.AdminAdRowSchema],
  admintimetable: [adminContent.AdminTimetablePayloadSchema, adminContent.AdminTimetableDataSchema],
  admintimetablesave: [adminContent.AdminTimetableSavePayloadSchema, adminContent.AdminTimetableRowSchema],
  admintimetabledelete: [adminContent.AdminTimetableDeletePayloadSchema, adminContent.AdminTimetableRowSchema],
  adminlessons: [adminContent.AdminLessonsPayloadSchema, adminContent.AdminLessonsDataSchema],
  adminlessonsave: [adminContent.AdminLessonSavePayloadSchema, adminContent.AdminLessonRowSchema],
  adminsettings: [adminSettings.AdminSettingsPayloadSchema, adminSettings.AdminSettingsDataSchema],
  adminsetting: [adminSettings.AdminSettingPayloadSchema, orRequest.adminSetting],
  admincountries: [adminSettings.AdminCountriesPayloadSchema, adminSettings.AdminCountriesDataSchema],
  admincountry: [adminSettings.AdminCountryPayloadSchema, approvals.ApprovalRequestedDataSchema],
  admintaskdays: [adminSettings.AdminTaskDaysPayloadSchema, adminSettings.AdminTaskDaysDataSchema],
  admintaskday: [adminSettings.AdminTaskDayPayloadSchema, adminSettings.AdminTaskDayDataSchema],
  adminapprovals: [approvals.AdminApprovalsPayloadSchema, approvals.AdminApprovalsDataSchema],
  adminapproverequest: [approvals.AdminApproveRequestPayloadSchema, approvals.AdminApprovalDecisionDataSchema],
  adminrejectrequest: [approvals.AdminRejectRequestPayloadSchema, approvals.AdminApprovalDecisionDataSchema],
  adminpayoutflags: [payoutRisk.AdminPayoutFlagsPayloadSchema, payoutRisk.AdminPayoutFlagsDataSchema],
  adminclearpayoutflag: [payoutRisk.AdminClearPayoutFlagPayloadSchema, payoutRisk.AdminClearPayoutFlagDataSchema],
  adminpayouts: [payouts.AdminPayoutsPayloadSchema, payouts.AdminPayoutsDataSchema],
  adminpayout: [payouts.AdminPayoutIdPayloadSchema, payouts.AdminPayoutDataSchema],
  admincheckpayout: [payouts.AdminPayoutIdPayloadSchema, payouts.AdminCheckPayoutDataSchema],
  adminmarkpayoutpaid: [payouts.AdminMarkPayoutPaidPayloadSchema, approvals.ApprovalRequestedDataSchema],
  adminmarkpayoutfailed: [payouts.AdminMarkPayoutFailedPayloadSchema, payouts.AdminMarkPayoutFailedDataSchema],
  adminmoneyalerts: [payouts.AdminMoneyAlertsPayloadSchema, payouts.AdminMoneyAlertsDataSchema],
  adminpayoutbalance: [common.NoPayloadSchema, payouts.AdminPayoutBalanceDataSchema],
  adminrequestpayoutbalance: [common.NoPayloadSchema, payouts.AdminRequestPayoutBalanceDataSchema],
  mydata: [myData.MyDataPayloadSchema, myData.MyDataDataSchema],
  statement: [myData.StatementPayloadSchema, myData.StatementDataSchema],
  statementcsv: [myData.StatementPayloadSchema, myData.StatementCsvDataSchema],
  changeemail: [myData.ChangeEmailPayloadSchema, myData.ChangeEmailDataSchema],
  confirmemail: [myData.ConfirmEmailPayloadSchema, myData.ConfirmEmailDataSchema],
  changephone: [myData.ChangePhonePayloadSchema, myData.ChangePhoneDataSchema],
  closeaccount: [myData.CloseAccountPayloadSchema, myData.CloseAccountDataSchema],
  cancelclose: [myData.CancelClosePayloadSchema, myData.CancelCloseDataSchema],
  myclosure: [myData.MyClosurePayloadSchema, myData.MyClosureDataSchema],
  adminclosures: [myData.AdminClosuresPayloadSchema, myData.AdminClosuresDataSchema],
  admincompleteclosure: [myData.AdminCompleteClosurePayloadSchema, myData.AdminCompleteClosureDataSchema],
  confirmphone: [phoneChanges.ConfirmPhonePayloadSchema, phoneChanges.ConfirmPhoneDataSchema],
  withdrawalhold: [phoneChanges.WithdrawalHoldPayloadSchema, phoneChanges.WithdrawalHoldDataSchema],
  adminnotices: [common.NoPayloadSchema, consoleNotices.AdminNoticesDataSchema],
} as const satisfies { readonly [N in ActionName]: readonly [z.ZodType, z.ZodType] };

type Schemas<N extends ActionName> = (typeof ACTION_SCHEMAS)[N];
export type ActionPayloadSchema<N extends ActionName> = Schemas<N>[0];
export type ActionDataSchema<N extends ActionName> = Schemas<N>[1];
/** What a caller sends (the payload schema's input: amounts and ids as text). */
export type ActionPayload<N extends ActionName> = z.input<Schemas<N>[0]>;
/** What the handler receives once the payload is parsed. */
export type ActionParsedPayload<N extends ActionName> = z.output<Schemas<N>[0]>;
/** The response's `data` as it arrives (the data schema's output, sent as JSON). */
export type ActionData<N extends ActionName> = z.output<Schemas<N>[1]>;

/** Everything the catalogue says of one action. */
export interface ActionContract<N extends ActionName = ActionName> {
  readonly name: N;
  readonly methods: readonly ActionMethod<N>[];
  readonly access: ActionAccess<N>;
  readonly idempotent: boolean;
  readonly summary: string;
  readonly payload: ActionPayloadSchema<N>;
  readonly data: ActionDataSchema<N>;
}

export function actionContract<N extends ActionName>(name: N): ActionContract<N> {
  const [payload, data] = ACTION_SCHEMAS[name];
  const { access, idempotent } = ACTIONS[name];
  return { name, methods: actionMethods(name), access, idempotent, summary: ACTION_SUMMARIES[name], payload, data };
}
