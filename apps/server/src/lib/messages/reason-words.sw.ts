/**
 * Why a deposit or a payout failed, in Swahili (issue 26, the Swahili review's W3). The reasons are our own fixed texts
 * (`RESULT_REASONS` in modules/deposits/stk-push.service.ts, `MEMBER_REASONS` in modules/payouts/payout-provider.ts,
 * the time-out and not-sent reasons), so a Swahili member's notification reads in Swahili from end to end. Daraja's
 * free `resultDesc` for an unknown code and Flutterwave's payment-link problems stay as written (decision 039).
 */
export const REASON_WORDS_SW: Readonly<Record<string, string>> = {
  'Insufficient M-Pesa balance': 'Salio la M-Pesa halitoshi',
  'M-Pesa system error': 'Hitilafu ya mfumo wa M-Pesa',
  'M-Pesa system busy': 'Mfumo wa M-Pesa una shughuli nyingi',
  'Another M-Pesa transaction is in progress on this phone': 'Kuna muamala mwingine wa M-Pesa unaoendelea kwenye simu hii',
  'The payment request expired': 'Muda wa ombi la malipo umeisha',
  'Cancelled on the phone': 'Ombi lilighairiwa kwenye simu',
  'The phone could not be reached': 'Simu haikupatikana',
  'Wrong M-Pesa PIN': 'PIN ya M-Pesa si sahihi',
  'M-Pesa declined the payment': 'M-Pesa ilikataa malipo',
  'Timed out: no answer from M-Pesa yet; it is credited if M-Pesa confirms the payment':
    'Muda umeisha: M-Pesa bado haijajibu; pesa zitaingizwa M-Pesa ikithibitisha malipo',
  'Not sent: the payment request did not reach M-Pesa': 'Halikutumwa: ombi la malipo halikufika M-Pesa',
  'We could not pay out right now. Please try again later.': 'Hatukuweza kulipa kwa sasa. Tafadhali jaribu tena baadaye.',
  'The amount is below the smallest payment M-Pesa allows.': 'Kiasi ni chini ya kiwango cha chini ambacho M-Pesa inaruhusu.',
  'The amount is above the largest payment M-Pesa allows.': 'Kiasi kinazidi kiwango cha juu ambacho M-Pesa inaruhusu.',
  'Your M-Pesa number has reached its daily limit for receiving payments.':
    'Nambari yako ya M-Pesa imefikia kikomo cha kila siku cha kupokea pesa.',
  'Your M-Pesa account cannot hold this amount (its balance limit would be exceeded).':
    'Akaunti yako ya M-Pesa haiwezi kupokea kiasi hiki (kingezidi kikomo cha salio).',
  'Your phone number is not registered on M-Pesa.': 'Nambari yako ya simu haijasajiliwa kwenye M-Pesa.',
  'The transfer to your mobile money account did not go through.': 'Uhamisho kwenda akaunti yako ya pesa kwa simu haukufanikiwa.',
};

/** A Daraja reason ends in its result code: "Cancelled on the phone (1032)". */
const CODE_SUFFIX = / \(\d+\)$/;

/** `reason` in Swahili: a known reason (with its result code kept), else as written. */
export function reasonWord(value: string): string {
  const suffix = CODE_SUFFIX.exec(value)?.[0] ?? '';
  const reason = value.slice(0, value.length - suffix.length);
  const swahili = REASON_WORDS_SW[reason];
  return swahili === undefined ? value : `${swahili}${suffix}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What a `{reason}` can be when the English is matched: a known reason first (with an optional result code), so a
 * reason with spaces is not cut at its first word by the next placeholder ("{reason} {refunded} is back..."), else any
 * text.
 */
export const REASON_PATTERN = `(?:${Object.keys(REASON_WORDS_SW).map(escapeRegExp).join('|')})(?: \\(\\d+\\))?|.+?`;
