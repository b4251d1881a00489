import { WEEKDAY_NAMES_SW } from '../weekdays.ts';
import type { MessageCatalogue } from './localise.ts';
import { WALLET_NAMES_SW } from './sw.ts';

/**
 * The server's member-facing texts that are not about money, in Swahili: the action layer's refusals, signing in and
 * up, notifications, tasks, spins, team and lessons. Keys are the English texts as the source writes them; values are
 * ICU messages. Field names the API uses (`page`, `limit`) stay as they are: they name the request's fields.
 */
export const ACCOUNT_TEXTS_SW: MessageCatalogue = {
  // the action layer
  'The action query parameter is required': 'Kigezo cha action kinahitajika',
  'Unknown action: {action}': 'Kitendo hakijulikani: {action}',
  '{action} does not accept {method}; use {allowed}': '{action} haikubali {method}; tumia {allowed}',
  'The request body must be a JSON object': 'Maudhui ya ombi lazima yawe kitu cha JSON',
  'Invalid request': 'Ombi si sahihi',
  '{field} is required': '{field} inahitajika',
  'A payload is required': 'Maudhui ya ombi yanahitajika',
  '{field} must be a {type}': '{field} lazima iwe {type}',
  'The payload must be a {type}': 'Maudhui ya ombi lazima yawe {type}',
  'Unknown field: {fields}': 'Sehemu isiyojulikana: {fields}',
  OK: 'Sawa',
  'The request body is not valid JSON': 'Maudhui ya ombi si JSON halali',
  'The request body is too large': 'Maudhui ya ombi ni makubwa mno',
  'Send the request body as application/json': 'Tuma maudhui ya ombi kama application/json',
  'Too many requests. Please wait a minute and try again.': 'Maombi ni mengi mno. Tafadhali subiri dakika moja ujaribu tena.',
  'Too many requests. Please wait {seconds} seconds and try again.':
    'Maombi ni mengi mno. Tafadhali subiri sekunde {seconds} ujaribu tena.',
  'Bad request': 'Ombi si sahihi',
  'Something went wrong on our side. Please try again.': 'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.',
  'The idempotency key must be 8 to 100 letters, digits or -_.:':
    'Ufunguo wa ombi lazima uwe herufi, tarakimu au -_.: kati ya 8 na 100',
  'This Idempotency-Key was already used for a different request; use a new key for a new request':
    'Idempotency-Key hii ilishatumika kwa ombi tofauti; tumia ufunguo mpya kwa ombi jipya',
  'Please login to continue': 'Tafadhali ingia ili kuendelea',
  'Your account has been suspended': 'Akaunti yako imesimamishwa',
  'Please activate your account first': 'Tafadhali wezesha akaunti yako kwanza',
  'Staff only': 'Wafanyakazi pekee',
  'Operators only': 'Waendeshaji pekee',
  // signing in
  'Staff sign in with their password and authenticator code; access links are for members':
    'Wafanyakazi huingia kwa nenosiri na msimbo wa programu ya uthibitishaji; viungo vya kuingia ni vya wanachama',
  'This access link is not valid. Ask for a new one from your profile.':
    'Kiungo hiki cha kuingia si halali. Omba kipya kwenye wasifu wako.',
  'This access link was already used. Ask for a new one from your profile.':
    'Kiungo hiki cha kuingia kilishatumika. Omba kipya kwenye wasifu wako.',
  'This access link has expired. Ask for a new one from your profile.':
    'Muda wa kiungo hiki cha kuingia umekwisha. Omba kipya kwenye wasifu wako.',
  'You are signed in as {current} on this browser. This link signs in {other}.':
    'Umeingia kama {current} kwenye kivinjari hiki. Kiungo hiki kinamwingiza {other}.',
  'Sign in as {other}?': 'Uingie kama {other}?',
  'Login successful': 'Umeingia',
  Authenticated: 'Umethibitishwa',
  'Logged out': 'Umetoka',
  'Password changed successfully!': 'Nenosiri limebadilishwa!',
  'Open this link on your other device within 10 minutes. It works once.':
    'Fungua kiungo hiki kwenye kifaa chako kingine ndani ya dakika 10. Kinafanya kazi mara moja tu.',
  'Invalid username or password': 'Jina la mtumiaji au nenosiri si sahihi',
  'This staff account has been disabled': 'Akaunti hii ya mfanyakazi imezimwa',
  'Current password is incorrect': 'Nenosiri la sasa si sahihi',
  'The USSD PIN must be 4 digits': 'PIN ya USSD lazima iwe tarakimu 4',
  'The two PINs do not match': 'PIN mbili hazilingani',
  'Your USSD PIN is set': 'PIN yako ya USSD imewekwa',
  'USSD withdrawals are unlocked': 'Utoaji wa pesa kwa USSD umefunguliwa',
  'Too many failed attempts. Try again in {minutes} {unit}.': 'Umekosea mara nyingi mno. Jaribu tena baada ya dakika {minutes}.',
  'Too many failed attempts. Try again in {hours} hours.': 'Umekosea mara nyingi mno. Jaribu tena baada ya saa {hours}.',
  'If an account matches, a reset link has been sent.': 'Ikiwa akaunti ipo, kiungo cha kubadilisha nenosiri kimetumwa.',
  'Your password has been reset. Please login with your new password.':
    'Nenosiri lako limewekwa upya. Tafadhali ingia kwa nenosiri lako jipya.',
  'This reset link is invalid or has expired': 'Kiungo hiki cha kubadilisha nenosiri si sahihi au muda wake umeisha',
  // signing up
  'Countries loaded': 'Nchi zimepakiwa',
  'Phone number must contain only digits': 'Nambari ya simu lazima iwe na tarakimu pekee',
  'Phone number must start with the dial code {dial} of the selected country':
    'Nambari ya simu lazima ianze na {dial}, msimbo wa nchi uliyochagua',
  'Phone number must be at least 10 digits': 'Nambari ya simu lazima iwe na tarakimu 10 au zaidi',
  'Phone number must be less than 15 digits': 'Nambari ya simu lazima iwe na tarakimu chini ya 15',
  'Registration successful!': 'Usajili umefaulu!',
  'Username is available': 'Jina la mtumiaji linapatikana',
  'Email is available': 'Barua pepe inapatikana',
  'Phone number is available': 'Nambari ya simu inapatikana',
  'Username is already taken': 'Jina la mtumiaji tayari limechukuliwa',
  'Email is already registered': 'Barua pepe tayari imesajiliwa',
  'Phone number is already registered': 'Nambari ya simu tayari imesajiliwa',
  // the member's data, statements, contact details and closing the account
  'Password is incorrect': 'Nenosiri si sahihi',
  'A withdrawal is still pending. Wait until it is paid or declined, then ask again.':
    'Bado kuna utoaji wa pesa unaosubiri. Subiri hadi utoaji huo ulipwe au ukataliwe, kisha uombe tena.',
  'A change to your money is waiting for a second operator. Wait until it is decided, then ask again.':
    'Badiliko la pesa zako linasubiri mhudumu wa pili. Subiri hadi liamuliwe, kisha uombe tena.',
  'A payment code you sent is waiting for review. Wait until it is checked, then ask again.':
    'Msimbo wa malipo uliotuma unasubiri kukaguliwa. Subiri hadi ukaguliwe, kisha uombe tena.',
  'A payment you claimed is still being confirmed with M-Pesa. Wait until it is confirmed, then ask again.':
    'Malipo uliyodai bado yanathibitishwa na M-Pesa. Subiri hadi yathibitishwe, kisha uombe tena.',
  'Your wallets still hold money ({wallets}). Withdraw your balances first, then ask again.':
    'Pochi zako bado zina pesa ({wallets}). Toa pesa zote zilizobaki kwanza, kisha uombe tena.',
  'You have already asked to close your account': 'Tayari umeomba kufunga akaunti yako',
  'You have no request to close your account': 'Huna ombi la kufunga akaunti yako',
  'This is already your email': 'Hii tayari ni barua pepe yako',
  'This confirmation link is invalid or has expired': 'Kiungo hiki cha uthibitisho si halali au muda wake umekwisha',
  'This is already your phone number': 'Hii tayari ni nambari yako ya simu',
  'Your data is ready': 'Taarifa zako ziko tayari',
  'Statement loaded': 'Taarifa ya akaunti imepakiwa',
  'Statement ready': 'Taarifa ya akaunti iko tayari',
  'We sent a confirmation link to your new email. Open it to finish the change.':
    'Tumetuma kiungo cha uthibitisho kwenye barua pepe yako mpya. Kifungue ili kukamilisha mabadiliko.',
  'Your email has been changed': 'Barua pepe yako imebadilishwa',
  'Your phone number has been changed': 'Nambari yako ya simu imebadilishwa',
  // a phone change confirmed by the SMS code (decision 045)
  'We sent a code by SMS to your new phone. Enter it to finish the change.':
    'Tumetuma msimbo kwa SMS kwenye simu yako mpya. Uweke ili kukamilisha mabadiliko.',
  'Enter the 6-digit code we sent to your new phone': 'Weka msimbo wa tarakimu 6 tuliotuma kwenye simu yako mpya',
  'No phone change is waiting for a code. Ask for a new code.': 'Hakuna badiliko la simu linalosubiri msimbo. Omba msimbo mpya.',
  'This code has expired. Ask for a new code.': 'Muda wa msimbo huu umekwisha. Omba msimbo mpya.',
  'Too many wrong codes. Ask for a new code.': 'Misimbo mingi mno isiyo sahihi. Omba msimbo mpya.',
  'The code is wrong. Attempts left: {left}': 'Msimbo si sahihi. Majaribio yaliyobaki: {left}',
  'Your request to close your account has been received': 'Ombi lako la kufunga akaunti limepokelewa',
  'Your account will stay open': 'Akaunti yako itabaki wazi',
  'Closure request loaded': 'Ombi la kufunga akaunti limepakiwa',
  'Language saved': 'Lugha imehifadhiwa',
  // notifications, SMS choices, the dashboard
  'No notifications': 'Hakuna arifa',
  'Notifications loaded': 'Arifa zimepakiwa',
  '1 notification marked as read': 'Arifa 1 imewekwa alama kuwa imesomwa',
  '{count} notifications marked as read':
    '{count, plural, one {Arifa # imewekwa alama kuwa imesomwa} other {Arifa # zimewekwa alama kuwa zimesomwa}}',
  'SMS settings loaded': 'Mipangilio ya SMS imepakiwa',
  'SMS settings saved': 'Mipangilio ya SMS imehifadhiwa',
  'User data loaded': 'Taarifa za mtumiaji zimepakiwa',
  // tasks
  '{task} are not scheduled yet.': 'Kazi ya {task} bado haijapangiwa siku.',
  '{task} are available on {days}. Come back on {day}.': 'Kazi ya {task} inapatikana siku za {days}. Rudi {day}.',
  'Tasks loaded': 'Kazi zimepakiwa',
  'No ads on show today': 'Hakuna matangazo yanayoonyeshwa leo',
  'Ads loaded': 'Matangazo yamepakiwa',
  'No videos on show today': 'Hakuna video zinazoonyeshwa leo',
  'Videos loaded': 'Video zimepakiwa',
  'Video started': 'Video imeanza',
  Trivia: 'Chemsha Bongo',
  // spins
  'Server seed revealed; a new one is in use': 'Mbegu ya seva imefichuliwa; mpya inatumika sasa',
  'Spin history loaded': 'Historia ya mizunguko imepakiwa',
  'Thank you. Casino spins are open to you.': 'Asante. Mizunguko ya kasino iko wazi kwako.',
  'You are excluded from casino spins permanently': 'Umezuiwa kabisa kucheza mizunguko ya kasino',
  'You are excluded from casino spins until {until}': 'Umezuiwa kwenye mizunguko ya kasino hadi {until}',
  'You have excluded yourself from casino spins permanently': 'Umejizuia kabisa kucheza mizunguko ya kasino',
  'You have excluded yourself from casino spins until {date} {time} ({zone})':
    'Umejizuia kwenye mizunguko ya kasino hadi {date} {time} ({zone})',
  'This idempotency key was already used for a different spin': 'Ufunguo huu wa ombi ulishatumika kwa mzunguko tofauti',
  // team, lessons
  'Team loaded': 'Timu imepakiwa',
  'Affiliate link': 'Kiungo cha mwaliko',
  '{course} lessons': 'Masomo ya {course}',
  'You are enrolled in the {course} course': 'Umejiandikisha kwenye kozi ya {course}',
  '{done} of {total} lessons done': 'Masomo {done} kati ya {total} yamekamilika',
};

const TASK_NAMES_SW: Readonly<Record<string, string>> = {
  'YouTube videos': 'Video za YouTube',
  'TikTok videos': 'Video za TikTok',
  Ads: 'Matangazo',
  Trivia: 'Chemsha bongo',
};

const weekday = (value: string) => (WEEKDAY_NAMES_SW as Readonly<Record<string, string | undefined>>)[value] ?? value;

/** Placeholder values of these texts that have Swahili words: a task's name, weekdays ("Monday, Friday and Sunday"). */
export const ACCOUNT_VALUE_WORDS = {
  task: (value: string) => TASK_NAMES_SW[value] ?? value,
  day: weekday,
  /** The wallets that still hold money: "Jumbo, Deposit". */
  wallets: (value: string) =>
    value
      .split(', ')
      .map((name) => WALLET_NAMES_SW[name] ?? name)
      .join(', '),
  days: (value: string) => {
    const [head, last] = value.split(' and ');
    const names = (head ?? '').split(', ').map(weekday);
    return last === undefined ? names.join(', ') : `${names.join(', ')} na ${weekday(last)}`;
  },
};
