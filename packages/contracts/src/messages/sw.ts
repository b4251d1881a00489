import { compileCatalogue, type CompiledCatalogue, type MessageCatalogue, type ValueWords } from './localise.ts';

/**
 * The contracts' member-facing texts in Swahili: the zod validation messages the web's forms and the server's 400
 * show, and the `*_MESSAGES` texts both sides share. Keys are the English texts exactly as the contracts write them
 * (a placeholder where the contract interpolates); values are ICU messages. Money words follow docs/glossary.md. The
 * web app imports this module only when the app is in Swahili (a lazy chunk), so English users never download it.
 * Console-only texts (the admin-* contracts, staff, payouts, payout-risk, approvals) stay English.
 */
export const CONTRACT_MESSAGES_SW: MessageCatalogue = {
  // auth
  'Username must be at least 4 characters': 'Jina la mtumiaji lazima liwe na herufi 4 au zaidi',
  'Username must be less than 20 characters': 'Jina la mtumiaji lazima liwe na herufi chini ya 20',
  'Username can only contain letters, numbers, and underscores':
    'Jina la mtumiaji linaweza kuwa na herufi, tarakimu na mistari ya chini (_) tu',
  'Invalid email address': 'Anwani ya barua pepe si sahihi',
  'Password is required': 'Nenosiri linahitajika',
  'Password must be at least 4 characters': 'Nenosiri lazima liwe na herufi 4 au zaidi',
  'Password must be less than 50 characters': 'Nenosiri lazima liwe na herufi chini ya 50',
  'Phone number is required': 'Nambari ya simu inahitajika',
  'Please select a country': 'Tafadhali chagua nchi',
  "Passwords don't match": 'Manenosiri hayalingani',
  'Username or email is required': 'Jina la mtumiaji au barua pepe linahitajika',
  'Current password is required': 'Nenosiri la sasa linahitajika',
  'The reset link is invalid': 'Kiungo cha kubadilisha nenosiri si sahihi',
  'This access link is not valid': 'Kiungo hiki cha kuingia si halali',
  'confirm must be true or false': 'confirm lazima iwe true au false',
  "language must be 'en' or 'sw'": 'language lazima iwe en au sw',
  // the member's data and statements
  'format must be json or csv': 'format lazima iwe json au csv',
  'from must not be after to': 'from isiwe baada ya to',
  'A statement covers at most {days} days': 'Taarifa ya akaunti haizidi siku {days}',
  'Password is too long': 'Nenosiri ni refu mno',
  'The confirmation link is invalid': 'Kiungo cha uthibitisho si halali',
  'The confirmation link is incomplete': 'Kiungo cha uthibitisho hakijakamilika',
  'state must be requested, cancelled or completed': 'state lazima iwe requested, cancelled au completed',
  // activation
  'Account activated successfully! Welcome aboard!': 'Akaunti yako imewezeshwa! Karibu sana!',
  'Your account is already active': 'Akaunti yako tayari imewezeshwa',
  // bonuses
  'Claim Bonus': 'Pokea bonasi',
  'Claim Welcome Bonus': 'Pokea bonasi ya kukaribishwa',
  'Claiming...': 'Inapokea...',
  'You have already claimed today’s daily bonus. Come back tomorrow.': 'Tayari umepokea bonasi ya leo. Rudi kesho.',
  'You have already claimed your welcome bonus.': 'Tayari umepokea bonasi yako ya kukaribishwa.',
  'There is no daily bonus to claim today.': 'Hakuna bonasi ya kila siku ya kupokea leo.',
  'Daily bonus of {currency} {amount} paid into your Jumbo wallet.':
    'Bonasi ya kila siku ya {currency} {amount} imewekwa kwenye pochi yako ya Jumbo.',
  'Welcome bonus of {currency} {amount} paid into your Jumbo wallet.':
    'Bonasi ya kukaribishwa ya {currency} {amount} imewekwa kwenye pochi yako ya Jumbo.',
  'Daily target not reached: {progress} of {target} points today. {missing} more level-1 {activations} to go.':
    'Lengo la leo halijafikiwa: pointi {progress} kati ya {target}. Bado {missing, plural, one {mwanachama # wa ngazi ya kwanza awezeshe akaunti yake} other {wanachama # wa ngazi ya kwanza wawezeshe akaunti zao}}.',
  'Welcome bonus not reached: {progress} of {target} active level-1 members. {missing} more to go.':
    'Lengo la bonasi ya kukaribishwa bado halijafikiwa: wanachama {progress} kati ya {target} wa ngazi ya kwanza wamewezesha akaunti. {missing, plural, one {Amebaki mwanachama #} other {Wamebaki wanachama #}}.',
  // common, primitives
  'page must be a whole number': 'page lazima iwe nambari kamili',
  'limit must be a whole number': 'limit lazima iwe nambari kamili',
  'limit is at most {max}': 'limit isizidi {max}',
  'page must be at least 1': 'page lazima iwe angalau 1',
  'limit must be at least 1': 'limit lazima iwe angalau 1',
  'A valid id is required': 'Kitambulisho halali kinahitajika',
  'Use a real date like 2026-01-31': 'Tumia tarehe halisi kama 2026-01-31',
  // deposits
  'Please fill all fields': 'Tafadhali jaza sehemu zote',
  'Enter a Safaricom number like 254712345678 or 0712345678': 'Weka nambari ya Safaricom kama 254712345678 au 0712345678',
  'Please enter the transaction code': 'Tafadhali weka msimbo wa muamala',
  'Only letters and numbers allowed': 'Herufi na tarakimu pekee zinaruhusiwa',
  'Must be more than 8 characters': 'Msimbo lazima uwe na herufi zaidi ya 8',
  'The transaction code is too long': 'Msimbo wa muamala ni mrefu mno',
  // lessons
  Enroll: 'Jiandikishe',
  Enrolled: 'Umejiandikisha',
  'Failed to load lessons': 'Imeshindikana kupakia masomo',
  'Enroll in the {course} course first.': 'Jiandikishe kwanza kwenye kozi ya {course}.',
  'Lesson not found': 'Somo halikupatikana',
  'kind must be forex or crypto': 'kind lazima iwe forex au crypto',
  // money
  'Please enter a valid amount (digits with at most 2 decimals)':
    'Tafadhali weka kiasi sahihi (tarakimu tu, zisizozidi nafasi 2 za desimali)',
  'Amount must be greater than 0': 'Kiasi lazima kiwe zaidi ya 0',
  'Amount is too large': 'Kiasi ni kikubwa mno',
  'Please enter a valid amount': 'Tafadhali weka kiasi sahihi',
  'Amount is required': 'Kiasi kinahitajika',
  // notifications
  '{name} must be a whole number': '{name} lazima iwe nambari kamili',
  '{name} must be at least {min}': '{name} lazima iwe angalau {min}',
  '{name} is at most {max}': '{name} isizidi {max}',
  'ids must be a list of notification ids': 'ids lazima iwe orodha ya vitambulisho vya arifa',
  'At most {count} ids at once': 'Si zaidi ya ids {count} kwa mara moja',
  // pay for a client
  'Username must be at least 3 characters': 'Jina la mtumiaji lazima liwe na herufi 3 au zaidi',
  'Please select a wallet': 'Tafadhali chagua pochi',
  'Client verified successfully': 'Mteja amethibitishwa',
  'Client not found in your team': 'Mteja hakupatikana kwenye timu yako',
  'This client is already active': 'Akaunti ya mteja huyu tayari imewezeshwa',
  "This client's account is suspended": 'Akaunti ya mteja huyu imesimamishwa',
  'Payment successful': 'Malipo yamefanikiwa',
  'Insufficient balance in Jumbo Wallet': 'Salio halitoshi kwenye pochi ya Jumbo',
  'Insufficient balance in Deposit Wallet': 'Salio halitoshi kwenye pochi ya Amana',
  'No transfer history found': 'Hakuna historia ya uhamisho',
  // SMS choices
  '{name} must be true or false': '{name} lazima iwe true au false',
  'Send commission and/or promotions (true or false)': 'Tuma "commission" na/au "promotions" (true au false)',
  // spins
  'Please select an account': 'Tafadhali chagua akaunti',
  'Spin failed': 'Mzunguko umeshindikana',
  'Network error. Please try again.': 'Hitilafu ya mtandao. Tafadhali jaribu tena.',
  'You have already used your free spin': 'Tayari umetumia mzunguko wako wa bure',
  'Casino spins are not available in your country': 'Mizunguko ya kasino haipatikani katika nchi yako',
  'Please confirm that you are 18 or older before your first casino spin':
    'Tafadhali thibitisha kuwa una umri wa miaka 18 au zaidi kabla ya mzunguko wako wa kwanza wa kasino',
  'No spins yet': 'Bado hakuna mizunguko',
  'Minimum stake is {minimum} {currency}': 'Dau la chini ni {currency} {minimum}',
  "kind must be 'free' or 'casino'": 'kind lazima iwe free au casino',
  'Client seed: 1 to 64 letters, digits, dots, dashes or underscores':
    'Mbegu ya mteja: herufi, tarakimu, nukta, vistari au _ pekee, kuanzia 1 hadi 64',
  'Please confirm that you are 18 or older': 'Tafadhali thibitisha kuwa una umri wa miaka 18 au zaidi',
  "days must be 1, 7, 30 or 'forever'": 'days lazima iwe 1, 7, 30 au forever',
  // tasks: videos and ads
  'Failed to load videos': 'Imeshindikana kupakia video',
  'Failed to load ads': 'Imeshindikana kupakia matangazo',
  'Failed to update like status': 'Imeshindikana kubadilisha kupenda',
  'Failed to submit comment': 'Imeshindikana kutuma maoni',
  'Liked ad': 'Umependa tangazo',
  'Unliked ad': 'Umeacha kupenda tangazo',
  'Comment submitted': 'Maoni yametumwa',
  'Please enter a comment': 'Tafadhali andika maoni',
  'Failed to fetch tasks': 'Imeshindikana kupakia kazi',
  'No additional tasks available': 'Hakuna kazi za ziada kwa sasa',
  'This video is not on show today': 'Video hii haionyeshwi leo',
  'Play the video before asking to be paid for it': 'Cheza video kabla ya kuomba kulipwa',
  'Watch at least {seconds} seconds of the video to be paid': 'Tazama angalau sekunde {seconds} za video ili ulipwe',
  'This video was already paid today': 'Video hii tayari imelipwa leo',
  'This ad is not on show today': 'Tangazo hili halionyeshwi leo',
  'You already commented on this ad today': 'Tayari umetoa maoni kuhusu tangazo hili leo',
  'liked must be true or false': 'liked lazima iwe true au false',
  'Keep the comment under 500 characters': 'Maoni yasizidi herufi 500',
  // team
  'No team data available': 'Hakuna taarifa za timu',
  'No team members found': 'Hakuna wanachama wa timu waliopatikana',
  'Failed to fetch team data': 'Imeshindikana kupata taarifa za timu',
  'Failed to load downline data': 'Imeshindikana kupakia taarifa za wanachama wa chini yako',
  'Link copied to clipboard!': 'Kiungo kimenakiliwa!',
  'Failed to copy link!': 'Imeshindikana kunakili kiungo!',
  'level must be 1, 2 or 3': 'level lazima iwe 1, 2 au 3',
  'status must be all, active or dormant': 'status lazima iwe all, active au dormant',
  'q must be text': 'q lazima iwe maandishi',
  'Search text is at most {max} characters': 'Maandishi ya kutafuta yasizidi herufi {max}',
  // commission holds: the review request's rules (fraud.ts), as the server's money texts word them
  'Tell us in at least 10 characters': 'Tueleze kwa angalau herufi 10',
  'At most 500 characters': 'Herufi 500 zisizidi',
  // trivia ("chemsha bongo", the Swahili name of a quiz)
  'Time was up: your answers arrived too late and scored nothing (0 of {total}).':
    'Muda ulikwisha: majibu yako yalifika kwa kuchelewa na hayakupata alama (0 kati ya {total}).',
  'You got {correct} of {total} right and earned {currency} {amount}.':
    'Umejibu {correct} sahihi kati ya {total} na umelipwa {currency} {amount}.',
  '{count} questions: {seconds} seconds left':
    'Maswali {count}: {seconds, plural, one {imebaki sekunde #} other {zimebaki sekunde #}}',
  'Start Trivia': 'Anza Chemsha Bongo',
  Submit: 'Tuma',
  'Failed to load trivia questions': 'Imeshindikana kupakia maswali ya chemsha bongo',
  'No trivia questions available': 'Hakuna maswali ya chemsha bongo kwa sasa',
  'Failed to submit quiz': 'Imeshindikana kutuma majibu',
  'Error submitting quiz': 'Hitilafu wakati wa kutuma majibu',
  'You have already played trivia today. Come back tomorrow.': 'Tayari umecheza chemsha bongo leo. Rudi kesho.',
  'Start today’s trivia first.': 'Anza kwanza chemsha bongo ya leo.',
  'An answer is at most 500 characters': 'Jibu lisizidi herufi 500',
  'At most {count} answers': 'Si zaidi ya majibu {count}',
  // wallets, withdrawals
  'Unknown wallet: use balance, deposit, ads, youtube or tiktok':
    'Pochi haijulikani: tumia balance, deposit, ads, youtube au tiktok',
  'Amount exceeds available balance please consider Withdrawal Charges':
    'Kiasi kinazidi salio lililopo; kumbuka ada ya kutoa pesa',
  'Withdrawal request received. It will be processed shortly.':
    'Ombi lako la kutoa pesa limepokelewa. Litashughulikiwa hivi karibuni.',
  'No withdrawal history found': 'Hakuna historia ya utoaji wa pesa',
  'Minimum withdrawal amount is {currency} {amount}': 'Kiasi cha chini cha kutoa pesa ni {currency} {amount}',
};

/** The wallets' names in Swahili (docs/glossary.md): Deposit is Amana, Ads is Matangazo; the others are names. */
export const WALLET_NAMES_SW: Readonly<Record<string, string>> = {
  Jumbo: 'Jumbo',
  Deposit: 'Amana',
  Ads: 'Matangazo',
  YouTube: 'YouTube',
  TikTok: 'TikTok',
};

/** Placeholder values that have Swahili words: a wallet's name. */
export const CONTRACT_VALUE_WORDS: ValueWords = {
  wallet: (value) => WALLET_NAMES_SW[value] ?? value,
};

let compiled: CompiledCatalogue | null = null;

/** The contracts' catalogue, compiled once. */
export function contractCatalogue(): CompiledCatalogue {
  compiled ??= compileCatalogue(CONTRACT_MESSAGES_SW, CONTRACT_VALUE_WORDS);
  return compiled;
}

export { compileCatalogue, matchMessage, templateShape } from './localise.ts';
export type { CompiledCatalogue, MessageCatalogue, MessageMatch, ValueWords } from './localise.ts';
