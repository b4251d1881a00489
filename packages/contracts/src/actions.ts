import type { HttpMethod } from './envelope.ts';

/**
 * The action catalogue, part one: each action's methods, who may call it and whether it honours an
 * `Idempotency-Key` (docs/decisions/050-one-action-catalogue.md). Plain data without zod, so the web's entry chunk can
 * read it (`@tuzo/contracts/actions`); the payload and data schemas are in actions-schemas.ts, the summaries in
 * actions-summaries.ts. The server registers one handler per name here, and the web calls actions by these names.
 */

/**
 * Who may call an action: anyone (`public`); any signed-in account, member or staff (`account`: user data, sign-out,
 * password change); a signed-in member (`member`); a signed-in member whose account is active (`active`); staff
 * (`support`: the support or operator role); or an operator (`operator`). `member` and `active` refuse staff (403):
 * staff accounts never earn, play, pay or withdraw as members (decision 019). Staff levels also need two-factor
 * sign-in turned on (decision 015). Published as `x-access` in the OpenAPI document.
 */
export type Access = 'public' | 'account' | 'member' | 'active' | 'support' | 'operator';
export const ACCESS_LEVELS = ['public', 'account', 'member', 'active', 'support', 'operator'] as const satisfies Access[];

export interface ActionFacts {
  /** The methods it takes, separated by a space (`'GET POST'`); the first is the one the web uses. */
  readonly methods: HttpMethod | `${HttpMethod} ${HttpMethod}`;
  readonly access: Access;
  /**
   * Honours `Idempotency-Key`: a repeat of a successful request answers the first answer (the server's
   * actions/idempotency.ts). Signed-in actions only: the key is the caller's. Only these may be sent one.
   */
  readonly idempotent: boolean;
}

export const ACTIONS = {
  ping: { methods: 'GET POST', access: 'public', idempotent: false },
  login: { methods: 'POST', access: 'public', idempotent: false },
  auth: { methods: 'GET', access: 'account', idempotent: false },
  logout: { methods: 'POST GET', access: 'account', idempotent: false },
  updatepassword: { methods: 'POST', access: 'account', idempotent: false },
  accesslink: { methods: 'POST', access: 'member', idempotent: false },
  accessexchange: { methods: 'POST', access: 'public', idempotent: false },
  populateCountrys: { methods: 'GET POST', access: 'public', idempotent: false },
  forgotpassword: { methods: 'POST', access: 'public', idempotent: false },
  resetpassword: { methods: 'POST', access: 'public', idempotent: false },
  register: { methods: 'POST', access: 'public', idempotent: false },
  freeuser: { methods: 'POST GET', access: 'public', idempotent: false },
  freeemail: { methods: 'POST GET', access: 'public', idempotent: false },
  freephone: { methods: 'POST GET', access: 'public', idempotent: false },
  userdata: { methods: 'GET', access: 'account', idempotent: false },
  activateaccount: { methods: 'POST', access: 'member', idempotent: true },
  systemwithdrawal: { methods: 'POST', access: 'active', idempotent: true },
  withdrawalhistory: { methods: 'GET', access: 'member', idempotent: false },
  confirmpayforclient: { methods: 'POST', access: 'active', idempotent: false },
  payforclient: { methods: 'POST', access: 'active', idempotent: true },
  populatepayfroclient: { methods: 'GET', access: 'member', idempotent: false },
  adminmembers: { methods: 'GET', access: 'support', idempotent: false },
  adminmember: { methods: 'GET', access: 'support', idempotent: false },
  adminmemberhistory: { methods: 'GET', access: 'support', idempotent: false },
  adminupdatemember: { methods: 'POST', access: 'operator', idempotent: false },
  adminsuspend: { methods: 'POST', access: 'operator', idempotent: false },
  adminunsuspend: { methods: 'POST', access: 'operator', idempotent: false },
  adminsignout: { methods: 'POST', access: 'operator', idempotent: false },
  adminresetlink: { methods: 'POST', access: 'operator', idempotent: false },
  admindeposit: { methods: 'POST', access: 'operator', idempotent: true },
  adminchangeupline: { methods: 'POST', access: 'operator', idempotent: true },
  adminactivate: { methods: 'POST', access: 'operator', idempotent: true },
  admindeactivate: { methods: 'POST', access: 'operator', idempotent: true },
  adminwithdrawalqueue: { methods: 'GET', access: 'support', idempotent: false },
  adminbulkdecide: { methods: 'POST', access: 'operator', idempotent: true },
  admindeposits: { methods: 'GET', access: 'support', idempotent: false },
  admincheckdeposit: { methods: 'POST', access: 'operator', idempotent: true },
  adminwithdrawals: { methods: 'GET', access: 'support', idempotent: false },
  updatetrans: { methods: 'POST', access: 'operator', idempotent: true },
  adminretrypayout: { methods: 'POST', access: 'operator', idempotent: true },
  adminadjust: { methods: 'POST', access: 'operator', idempotent: true },
  adminreviewcodes: { methods: 'GET', access: 'support', idempotent: false },
  adminresolvecode: { methods: 'POST', access: 'support', idempotent: true },
  adminoverview: { methods: 'GET', access: 'support', idempotent: false },
  adminjobs: { methods: 'GET', access: 'operator', idempotent: false },
  adminrevivejob: { methods: 'POST', access: 'operator', idempotent: true },
  adminclusters: { methods: 'GET', access: 'support', idempotent: false },
  admincluster: { methods: 'GET', access: 'support', idempotent: false },
  admindecidecluster: { methods: 'POST', access: 'operator', idempotent: true },
  grabpayment: { methods: 'GET', access: 'member', idempotent: false },
  stkpush: { methods: 'POST', access: 'member', idempotent: true },
  requestpayment: { methods: 'POST', access: 'member', idempotent: true },
  recovercode: { methods: 'POST', access: 'member', idempotent: true },
  deposithistory: { methods: 'GET', access: 'member', idempotent: false },
  allmyDownlines: { methods: 'GET', access: 'member', idempotent: false },
  myDownlines: { methods: 'GET', access: 'member', idempotent: false },
  affiliatelink: { methods: 'GET', access: 'member', idempotent: false },
  referralstats: { methods: 'GET', access: 'member', idempotent: false },
  referralvisit: { methods: 'POST', access: 'public', idempotent: false },
  myholds: { methods: 'GET', access: 'member', idempotent: false },
  askreview: { methods: 'POST', access: 'member', idempotent: true },
  freespin: { methods: 'GET POST', access: 'active', idempotent: true },
  requestSpin: { methods: 'POST', access: 'active', idempotent: true },
  spinodds: { methods: 'GET', access: 'active', idempotent: false },
  spinstate: { methods: 'GET', access: 'active', idempotent: false },
  spinseed: { methods: 'POST', access: 'active', idempotent: false },
  spinhistory: { methods: 'GET', access: 'active', idempotent: false },
  spinconsent: { methods: 'POST', access: 'active', idempotent: false },
  spinexclude: { methods: 'POST', access: 'active', idempotent: false },
  dailybonus: { methods: 'GET POST', access: 'active', idempotent: true },
  welcomebonus: { methods: 'GET POST', access: 'active', idempotent: true },
  notifications: { methods: 'GET', access: 'member', idempotent: false },
  readnotifications: { methods: 'POST', access: 'member', idempotent: false },
  smssettings: { methods: 'GET', access: 'member', idempotent: false },
  setsmssettings: { methods: 'POST', access: 'member', idempotent: false },
  setlanguage: { methods: 'POST', access: 'member', idempotent: false },
  populatetrivia: { methods: 'GET', access: 'active', idempotent: false },
  answerdquiz: { methods: 'POST', access: 'active', idempotent: true },
  triviainfo: { methods: 'GET', access: 'active', idempotent: false },
  lessons: { methods: 'GET', access: 'active', idempotent: false },
  enroll: { methods: 'POST', access: 'active', idempotent: false },
  lessondone: { methods: 'POST', access: 'active', idempotent: false },
  populateyoutube: { methods: 'GET', access: 'active', idempotent: false },
  populatetiktok: { methods: 'GET', access: 'active', idempotent: false },
  startvideo: { methods: 'POST', access: 'active', idempotent: false },
  payyoutube: { methods: 'POST', access: 'active', idempotent: true },
  paytiktok: { methods: 'POST', access: 'active', idempotent: true },
  populateads: { methods: 'GET', access: 'active', idempotent: false },
  payAds: { methods: 'POST', access: 'active', idempotent: true },
  tasks: { methods: 'GET', access: 'active', idempotent: false },
  totpsetup: { methods: 'POST', access: 'support', idempotent: false },
  totpconfirm: { methods: 'POST', access: 'support', idempotent: false },
  adminstaff: { methods: 'GET', access: 'operator', idempotent: false },
  adminstaffcreate: { methods: 'POST', access: 'operator', idempotent: false },
  adminstaffdisable: { methods: 'POST', access: 'operator', idempotent: false },
  adminstaffrole: { methods: 'POST', access: 'operator', idempotent: false },
  adminstafftotpreset: { methods: 'POST', access: 'operator', idempotent: false },
  adminstaffenrolment: { methods: 'POST', access: 'operator', idempotent: false },
  adminfoureyes: { methods: 'GET', access: 'support', idempotent: false },
  staffenrolment: { methods: 'GET', access: 'public', idempotent: false },
  staffenrol: { methods: 'POST', access: 'public', idempotent: false },
  adminnotify: { methods: 'POST', access: 'support', idempotent: false },
  adminaudit: { methods: 'GET', access: 'operator', idempotent: false },
  admintrivia: { methods: 'GET', access: 'support', idempotent: false },
  admintriviasave: { methods: 'POST', access: 'operator', idempotent: false },
  admintriviaretire: { methods: 'POST', access: 'operator', idempotent: false },
  adminbroadcast: { methods: 'POST', access: 'operator', idempotent: false },
  adminvideos: { methods: 'GET', access: 'support', idempotent: false },
  adminvideosave: { methods: 'POST', access: 'operator', idempotent: false },
  adminvideoretire: { methods: 'POST', access: 'operator', idempotent: false },
  adminads: { methods: 'GET', access: 'support', idempotent: false },
  adminadsave: { methods: 'POST', access: 'operator', idempotent: false },
  adminadretire: { methods: 'POST', access: 'operator', idempotent: false },
  admintimetable: { methods: 'GET', access: 'support', idempotent: false },
  admintimetablesave: { methods: 'POST', access: 'operator', idempotent: false },
  admintimetabledelete: { methods: 'POST', access: 'operator', idempotent: false },
  adminlessons: { methods: 'GET', access: 'support', idempotent: false },
  adminlessonsave: { methods: 'POST', access: 'operator', idempotent: false },
  adminsettings: { methods: 'GET', access: 'support', idempotent: false },
  adminsetting: { methods: 'POST', access: 'operator', idempotent: false },
  admincountries: { methods: 'GET', access: 'support', idempotent: false },
  admincountry: { methods: 'POST', access: 'operator', idempotent: false },
  admintaskdays: { methods: 'GET', access: 'support', idempotent: false },
  admintaskday: { methods: 'POST', access: 'operator', idempotent: false },
  adminapprovals: { methods: 'GET', access: 'operator', idempotent: false },
  adminapproverequest: { methods: 'POST', access: 'operator', idempotent: true },
  adminrejectrequest: { methods: 'POST', access: 'operator', idempotent: true },
  adminpayoutflags: { methods: 'GET', access: 'operator', idempotent: false },
  adminclearpayoutflag: { methods: 'POST', access: 'operator', idempotent: true },
  adminpayouts: { methods: 'GET', access: 'support', idempotent: false },
  adminpayout: { methods: 'GET', access: 'support', idempotent: false },
  admincheckpayout: { methods: 'POST', access: 'operator', idempotent: true },
  adminmarkpayoutpaid: { methods: 'POST', access: 'operator', idempotent: true },
  adminmarkpayoutfailed: { methods: 'POST', access: 'operator', idempotent: true },
  adminmoneyalerts: { methods: 'GET', access: 'support', idempotent: false },
  adminpayoutbalance: { methods: 'GET', access: 'operator', idempotent: false },
  adminrequestpayoutbalance: { methods: 'POST', access: 'operator', idempotent: false },
  mydata: { methods: 'GET', access: 'member', idempotent: false },
  statement: { methods: 'GET', access: 'member', idempotent: false },
  statementcsv: { methods: 'GET', access: 'member', idempotent: false },
  changeemail: { methods: 'POST', access: 'member', idempotent: false },
  confirmemail: { methods: 'POST', access: 'public', idempotent: false },
  changephone: { methods: 'POST', access: 'member', idempotent: false },
  closeaccount: { methods: 'POST', access: 'member', idempotent: false },
  cancelclose: { methods: 'POST', access: 'member', idempotent: false },
  myclosure: { methods: 'GET', access: 'member', idempotent: false },
  adminclosures: { methods: 'GET', access: 'support', idempotent: false },
  admincompleteclosure: { methods: 'POST', access: 'operator', idempotent: false },
  confirmphone: { methods: 'POST', access: 'member', idempotent: false },
  withdrawalhold: { methods: 'GET', access: 'member', idempotent: false },
  adminnotices: { methods: 'GET', access: 'support', idempotent: false },
  setussdpin: { methods: 'POST', access: 'member', idempotent: false },
  unlockussd: { methods: 'POST', access: 'member', idempotent: false },
} as const satisfies Record<string, ActionFacts>;

export type ActionName = keyof typeof ACTIONS;
type MethodsOf<S> = S extends `${infer First extends HttpMethod} ${infer Rest}` ? First | MethodsOf<Rest> : S;
export type ActionMethod<N extends ActionName> = MethodsOf<(typeof ACTIONS)[N]['methods']>;
export type ActionAccess<N extends ActionName> = (typeof ACTIONS)[N]['access'];
/** The actions that honour an `Idempotency-Key`. */
export type IdempotentAction = {
  [N in ActionName]: (typeof ACTIONS)[N]['idempotent'] extends true ? N : never;
}[ActionName];

export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}

/** The methods of an action, the web's first. */
export function actionMethods<N extends ActionName>(name: N): ActionMethod<N>[] {
  const facts: ActionFacts = ACTIONS[name];
  return facts.methods.split(' ') as ActionMethod<N>[];
}

export function isIdempotentAction(name: ActionName): name is IdempotentAction {
  const facts: ActionFacts = ACTIONS[name];
  return facts.idempotent === true;
}
