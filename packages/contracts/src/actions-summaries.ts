import type { ActionName } from './actions.ts';

/** The action catalogue, part three: one line per action for the API page and the OpenAPI document (decision 050). */
export const ACTION_SUMMARIES: { readonly [N in ActionName]: string } = {
  ping: 'Liveness through the action endpoint; answers the server’s time.',
  login: 'Sign in with username (or email) and password; answers the bearer token and the user data.',
  auth: 'Check the session at start-up; undelivered notifications ride in `info`.',
  logout: 'Revoke this session.',
  updatepassword: 'Change the password; every other session is signed out.',
  accesslink: 'A single-use link (/access/<token>, valid 10 minutes) that signs this member in on another device. Members only.',
  accessexchange:
    'Exchange an access link token for a session (once). Until `confirm` is true it answers CONFIRM_SIGN_IN with whose link it is, so the page asks "Sign in as <username>?" first.',
  populateCountrys: 'The countries a visitor can sign up in, International last.',
  forgotpassword: 'Send a one-time reset link to the account (the same answer for every input).',
  resetpassword: 'Set a new password with a reset link token; every session is signed out.',
  register: 'Create an inactive member account, optionally under a sponsor (upline).',
  freeuser: 'Is this username free? 200 free, 409 taken.',
  freeemail: 'Is this email free? 200 free, 409 taken.',
  freephone: 'Is this phone number free in the country? 200 free, 409 taken.',
  userdata: 'The member’s details, balances and withdrawal fee table; undelivered notifications ride in `info`.',
  activateaccount: 'Pay the activation fee from the Deposit wallet; the three uplines earn their commissions.',
  systemwithdrawal: 'Request a withdrawal: amount plus charge leave the wallet into a pending withdrawal.',
  withdrawalhistory: 'The member’s withdrawals, newest first (at most 100).',
  confirmpayforclient: 'Check a team member can be paid for; the payer’s balances and what the client still misses.',
  payforclient: 'Pay from Jumbo or Deposit into a level 1-3 team member’s Deposit wallet.',
  populatepayfroclient: 'Transfers the member sent and received, newest first (at most 100).',
  adminmembers:
    'Search members by username, phone or email (partial), filter by status, country and join date; newest first, paged.',
  adminmember: "One member's details, wallets, upline chain, downline counts and open sessions.",
  adminmemberhistory: "One of a member's lists (ledger, deposits, withdrawals, transfers), newest first, paged.",
  adminupdatemember:
    "Edit a member's email or country (audited with the values before and after); a new phone, normalised, is a four-eyes request a second operator approves.",
  adminsuspend: 'Suspend a member: they cannot sign in and every open session ends.',
  adminunsuspend: 'Lift a suspension: the member is active again when their activation is live, else inactive.',
  adminsignout: 'Sign a member out everywhere: every open session ends.',
  adminresetlink: 'Mail the member a one-time password reset link (valid 30 minutes).',
  admindeposit:
    "Record a manual deposit (member's currency) with its receipt reference; credits the Deposit wallet once per reference. Above four_eyes_threshold it answers 202 with a request a second operator approves.",
  adminchangeupline:
    "Move a member under a new sponsor: their levels and their downline's shift, paid commissions move by ledger entries; a cycle is refused. Commissions it pays count in each credited member's 24-hour four-eyes window: above four_eyes_threshold it answers 202 with a request.",
  adminactivate: 'Activate a member for free (the fee is booked as an operator expense); uplines earn as usual.',
  admindeactivate: 'Deactivate a member; the upline commissions are reversed by ledger entries.',
  adminwithdrawalqueue: 'Withdrawals filtered by status, member, wallet and request date; newest first, paged.',
  adminbulkdecide:
    'Approve (2) or decline (1, refunded in full) up to 100 pending withdrawals; each is settled and audited on its own, an approval above four_eyes_threshold becomes a request a second operator approves.',
  admindeposits: 'Deposits by status, provider and member, or only those stuck pending; newest first, paged.',
  admincheckdeposit: 'Ask M-Pesa about one STK push and apply its answer (credit once, fail, or time out).',
  adminwithdrawals: 'Withdrawals for the operator, newest first, optionally one status, paged.',
  updatetrans:
    'Approve (2) or decline (1, refunded in full to the wallet it came from) a pending withdrawal; approving pays it through the provider set for the member’s country (status 0 and the payout while it runs) or completes it when paid by hand; an approval above four_eyes_threshold answers 202 with a request a second operator approves.',
  adminretrypayout:
    'Retry a failed payout (the member was refunded): the hold is taken again from the same wallet as a new withdrawal (refused if the wallet no longer has it), then paid through the provider; above four_eyes_threshold it answers 202 with a request a second operator approves.',
  adminadjust:
    'Correct one wallet through a ledger entry with a reason (system currency, signed); above four_eyes_threshold it answers 202 with a request a second operator approves.',
  adminreviewcodes: 'Manual deposit codes that matched no payment, oldest first, paged.',
  adminresolvecode:
    "Reject a queued manual deposit code, or credit it (once) for the provider's amount of the payment notification that matches it; an amount typed by hand is for operators and above four_eyes_threshold answers 202 with a request.",
  adminoverview:
    'Overview: members by status and country, 30 days of joins, activations, deposits, withdrawals and task pay, pending withdrawals, top earners and the spin house result.',
  adminjobs: 'Background jobs: state, runs, failures, lag and dead letters, one row per job across every node.',
  adminrevivejob:
    'Bring a dead-lettered background job back: idle, due now, its failures in a row forgotten (audited); refused when the job is not dead.',
  adminclusters:
    'Multi-account clusters (default the open ones, newest activity first, paged): members, linking signals, held commissions, review requests.',
  admincluster:
    'One cluster: its members, the links between them by signal (never the raw values), the money that moved inside it, its held commissions, review requests and decisions.',
  admindecidecluster:
    'Decide a cluster with a note (audited): clear releases its held commissions once and clears its withdrawal flags; confirm reverses them to the house and suspends the accounts. Above four_eyes_threshold answers 202 with a request.',
  grabpayment: 'The deposit methods of the member’s country: STK push, payment link, manual procedures.',
  stkpush: 'Prompt the phone for an M-Pesa payment (Kenya, KES); the deposit stays pending until the provider confirms.',
  requestpayment: 'Create a pending deposit and a hosted Flutterwave payment link.',
  recovercode: 'Claim a manual payment by its transaction code; an unknown code goes to the operator’s review (202).',
  deposithistory: 'The member’s deposits, newest first.',
  allmyDownlines: 'Team Power: total, active and dormant members on levels 1, 2 and 3.',
  myDownlines:
    'One team level: counts and earnings of the whole level, and a page of its members (search q, status, page, limit ≤ 100).',
  affiliatelink: 'The member’s affiliate link: {public site url}/reg/{username}.',
  referralstats:
    'The member’s link results for the last 30 operator days: visits, sign-ups, activations and commissions per day.',
  myholds: 'The member’s held commissions, why they are held in plain words, and whether a review was asked for.',
  askreview: 'Ask the operators to review the member’s held commissions (one open request at a time).',
  referralvisit:
    'Counts one visit of the sign-up page through a sponsor’s link (`ref`): a per-sponsor daily counter, nothing stored about the visitor.',
  freespin: 'The free spin, once per member ever: a provably fair draw on the free wheel, the prize paid into Jumbo.',
  requestSpin: 'A casino spin: the stake leaves Jumbo (1) or Deposit (2), stake x the drawn multiplier is paid into Jumbo.',
  spinodds: 'The published odds of a wheel (kind free or casino): segments, weights, probabilities and expected return.',
  spinstate: 'The next draw’s server seed hash, client seed and nonce, and the member’s spin guardrails.',
  spinseed: 'Reveals the server seed in use, starts a new one (nonce 0) and sets the client seed when given.',
  spinhistory: 'The member’s spins, newest first, paged (limit at most 100), with what is needed to verify each draw.',
  spinconsent: 'The member confirms they are 18 or older, needed before their first casino spin (stored, audited).',
  spinexclude: 'Self-exclusion from casino spins for 1, 7 or 30 days, or forever; nothing lifts it early.',
  dailybonus: 'Claim today’s daily bonus into Jumbo once the daily target is reached; once per operator day.',
  welcomebonus: 'Claim the welcome bonus into Jumbo once 15 level-1 members are active; once per member ever.',
  notifications: 'The member’s notifications, newest first, paged (`page`, `limit` ≤ 100, default 20), with the unread count.',
  readnotifications: 'Mark notifications read: `ids` (at most 100), or none for all of them.',
  smssettings: 'The member’s SMS choices: language, commission SMS (on by default), promotional SMS (off by default).',
  setsmssettings: 'Turn the commission SMS and/or promotional SMS on or off (`commission`, `promotions`: booleans).',
  setussdpin: 'Set or change the 4-digit USSD PIN (`pin`, `pin_confirmation`) with the current `password`; clears a lock.',
  unlockussd: 'Unlock USSD withdrawals after three wrong PINs, with the current `password`.',
  setlanguage:
    'Set the member’s language (`language`: en or sw) for the app, notifications and SMS; `userdata` shows it as userdetails.language.',
  populatetrivia:
    'Start (or resume) today’s trivia: 10 random questions without their answers; the clock starts on the first call.',
  answerdquiz: 'Submit today’s trivia answers once: each correct answer (served, on time) pays the trivia price into Jumbo.',
  triviainfo: 'The trivia intro: price per correct answer in the member’s currency, the rules, today’s availability and round.',
  lessons: 'A course’s lessons (kind forex or crypto) with the member’s enrolment and done marks.',
  enroll: 'Enrol in a course (kind forex or crypto); enrolling again changes nothing.',
  lessondone: 'Mark a lesson done (or, with done false, not done) for a member enrolled in its course.',
  populateyoutube:
    'Today’s YouTube videos on show (4, the same for everyone), price in the member’s currency, paid today; and the days.',
  populatetiktok: 'Today’s TikTok videos on show (4, the same for everyone), price in the member’s currency, paid today.',
  startvideo: 'Records, by the server’s clock, that playback of a video on show started (the first start of the day counts).',
  payyoutube: 'Pays a YouTube video on show into the YouTube wallet, 5 s after its recorded start, once per day.',
  paytiktok: 'Pays a TikTok video on show into the TikTok wallet, 5 s after its recorded start, once per day.',
  populateads: 'Today’s 5 ads on show (the same for everyone) with the member’s response and earnings today.',
  payAds: 'Like (pays once a day), unlike (pays nothing) or comment (stored once, pays once) an ad on show; into the Ads wallet.',
  tasks: 'The operator’s timetable rows {aid, aname, adate (JSON text of a dates list)}; the screen adds the fixed rows.',
  totpsetup: 'Staff: a new authenticator secret and its otpauth URI (for the QR code); replaced until confirmed.',
  totpconfirm: 'Staff: a current authenticator code turns two-factor sign-in on; answers one-time recovery codes (shown once).',
  adminstaff: 'Staff accounts (support and operator), newest first, paged.',
  adminstaffcreate:
    'Ask for a new support or operator account (202): it exists once a second operator approves; it then sets its own password with a one-time link and enrols its authenticator at its first sign-in.',
  adminstaffdisable: 'Ask to disable a staff account (its sessions end) or enable it again (202): a second operator approves.',
  adminstaffrole: "Ask to change a staff account's role (202): a second operator approves; its sessions end.",
  adminstafftotpreset:
    "Ask to turn off a staff account's two-factor sign-in (lost phone and codes) (202): once a second operator approves, it enrols again at its next sign-in.",
  adminstaffenrolment:
    'A fresh one-time enrolment link for a new staff account that has not set its password, for the operator who asked for it or the one who approved it, to hand over.',
  adminfoureyes: 'How many operators can approve requests, and whether four-eyes can work (two or more); the console shows it.',
  staffenrolment: 'Which staff account a one-time enrolment link is for (username, role, expiry).',
  staffenrol: 'A new staff member sets their own password with their one-time enrolment link; then they sign in and enrol TOTP.',
  adminnotify: 'Send one member a notification (shown as a toast and on their notifications page); audited.',
  adminaudit: 'The audit log, newest first: filter by staff member, action, member and dates; each entry has before and after.',
  admintrivia: 'The trivia bank, newest first: search the question text (`q`), `status` active or retired; paged.',
  admintriviasave:
    'Add a trivia question (no `id`) or edit one: the question, four different options, the correct one (1-4) and whether it is active.',
  admintriviaretire: 'Retire a trivia question (`active: false`: no longer drawn for new rounds) or restore it (`active: true`).',
  adminbroadcast:
    'Send a notification to one member (`username`), every member of a country (`country_id`) or everyone; audited once with the count. With `sms: true`, also a promotional SMS to those of them who opted in (daytime hours, opt-out word; never about gambling).',
  adminvideos: 'Videos (YouTube and TikTok lists), newest first: filter by `task` and `status` (active or retired); paged.',
  adminvideosave:
    'Add a video (no `id`) or edit one: list, title, a YouTube/TikTok https link or a /media/ file, price (system currency), active.',
  adminvideoretire: 'Retire a video (`active: false`: no longer drawn for a day) or restore it.',
  adminads: 'Ads, newest first: filter by `status` (active or retired); paged.',
  adminadsave:
    'Add an ad (no `id`) or edit one: name, image (an upload from POST /api/admin/upload or an https link), optional https link, active.',
  adminadretire: 'Retire an ad (`active: false`) or restore it.',
  admintimetable: 'Every timetable row (active or not) in its order.',
  admintimetablesave: 'Add a timetable row (no `id`) or edit one: name, days (dates or weekday names), order, active.',
  admintimetabledelete: 'Delete a timetable row (audited with the row as it was).',
  adminlessons: 'Every lesson (forex and crypto, active or not) by kind and part; `kind` filters.',
  adminlessonsave: 'Add a lesson (no `id`; a kind and part not taken) or edit one: title, summary, optional https link, active.',
  adminsettings: 'Every operator setting from the registry: key, description, current value and default.',
  adminsetting:
    "Change one setting: the value must fit the registry's schema (the casino wheel's expected return must stay in bounds); audited. A money-control setting answers 202: a second operator approves the change.",
  admincountries: 'Every country with its exchange rate, switch, fee row and tariff brackets (local currency).',
  admincountry:
    "Ask to replace a country's rate, switch, fee row and tariff brackets (non-overlapping, min at most max) (202): a second operator approves.",
  admintaskdays: 'The weekdays each task (YouTube, TikTok, Ads, Trivia) runs on, 0 Sunday to 6 Saturday.',
  admintaskday: "Set one task's weekdays (at least one); audited.",
  adminapprovals: 'Four-eyes requests: pending ones oldest first, or decided ones newest first; who asked, what, for whom, why.',
  adminapproverequest:
    'Approve a pending four-eyes request (not your own): the money moves (or the change takes effect) now, once.',
  adminrejectrequest:
    'Reject a pending four-eyes request with a reason (nothing moves); the operator who asked it cancels it this way.',
  adminpayoutflags:
    'Payout risk flags: open ones oldest first, or cleared ones newest first, with their reasons; one withdrawal’s with withdrawal_id.',
  adminclearpayoutflag:
    'Clear a payout risk flag with a note; once a withdrawal has none open it is paid by auto-pay or waits for approval.',
  adminpayouts: 'Payouts by state, provider and member, newest first, paged, with the count of every state.',
  adminpayout: 'One payout with every request, answer and callback exchanged with its provider (secrets redacted).',
  admincheckpayout:
    'Check with the provider: ask M-Pesa (transaction status) or Flutterwave (fetch by reference) what became of a live payout; nothing is re-sent or refunded on a guess.',
  adminmarkpayoutpaid:
    'Mark paid outside Tuzo (a payout unknown, or with its result overdue, that the provider answered "failed" or "not found" about and the M-Pesa portal shows paid another way): with a reason, it becomes a request a different operator approves; approving settles the payout as paid once.',
  adminmarkpayoutfailed:
    'Mark failed a payout the provider answered "not found" or "failed" about (it is never sent again by itself): amount and charge go back to the member’s wallet once; retry it afterwards to pay again.',
  adminmoneyalerts:
    'Money alerts for operators, newest first: payout receipts offered as deposits, payout results for another receiver or amount, and double payments to recover.',
  adminpayoutbalance:
    'The payout balances as last reported (every B2C result and the balance query), marked low below the alert setting.',
  adminrequestpayoutbalance: 'Ask M-Pesa for the B2C utility balance now; its result updates adminpayoutbalance.',
  mydata: 'Download my data: every table that names the member, as JSON or as one CSV (section,row,field,value); audited.',
  statement: 'A statement for a date range: per wallet, the opening balance, every movement and the closing balance.',
  statementcsv: 'The same statement as a CSV file.',
  changeemail: 'Correct my email: with the password; a confirmation link goes to the new address, which applies it.',
  confirmemail: 'Apply an email change with the token of its confirmation link.',
  changephone:
    'Correct my phone number, with the password; same rules as sign-up. A code goes by SMS to the new phone; `confirmphone` applies it.',
  closeaccount: 'Ask to close my account (with the password); refused while money is held; completed after 7 days.',
  cancelclose: 'Cancel my open request to close my account.',
  myclosure: 'My open (or latest) request to close my account, with the days left.',
  adminclosures: 'Account closure requests: open ones first with the days left, then cancelled and completed.',
  admincompleteclosure:
    'Complete an open closure request now: personal fields pseudonymised, ledger rows kept; moves no money; audited.',
  confirmphone:
    'Apply my phone change with the code sent by SMS to the new phone (5 attempts, 10 minutes); the old phone and the email are told, and withdrawals are held for payouts.phone_change_hold_hours.',
  withdrawalhold: 'Until when my withdrawals are held after a phone change, and a phone change waiting for its code.',
  adminnotices: 'What every console page must say now: a payout balance below payouts.low_balance_alert (per provider currency).',
};
