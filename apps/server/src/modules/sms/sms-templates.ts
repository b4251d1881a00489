import { createRequire } from 'node:module';
import i18next, { type i18n, type Module } from 'i18next';

/**
 * i18next-icu's ES build default-imports intl-messageformat, a CommonJS package whose default Node's ES loader does not
 * unwrap ("IntlMessageFormat is not a constructor", every text left unformatted); its CommonJS build unwraps it.
 */
const ICU = (createRequire(import.meta.url)('i18next-icu') as { default: new () => Module }).default;

/**
 * The SMS texts in English and Swahili, as ICU messages read by i18next with i18next-icu (the web app formats the same
 * syntax with its own small formatter, apps/web/src/i18n/icu.ts, checked against this one by texts-agree.test.ts). Swahili money words follow docs/glossary.md: deposit "amana", withdrawal "utoaji wa
 * pesa", wallet "pochi", commission "kamisheni", activating an account "kuwezesha akaunti". Each text stays in one
 * GSM-7 part at its longest realistic values (test/sms-templates.test.ts): no curly quotes, no accented letters.
 */
export const SMS_LANGUAGES = ['en', 'sw'] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];

export type SmsEvent =
  | { kind: 'deposit_credited'; params: { amount: string } }
  | { kind: 'withdrawal_paid'; params: { amount: string; phone: string | null; receipt: string | null } }
  | { kind: 'withdrawal_failed'; params: { amount: string; refunded: string; wallet: WalletKey } }
  | { kind: 'account_activated'; params: { fee: string } }
  | { kind: 'commission_earned'; params: { amount: string; level: 1 | 2 | 3; username: string } }
  | { kind: 'phone_change_code'; params: { code: string; minutes: number } }
  | { kind: 'phone_changed'; params: { phone: string; hours: number } };
export type SmsKind = SmsEvent['kind'] | 'promotion';
export type WalletKey = 'balance' | 'deposit' | 'ads' | 'youtube' | 'tiktok';

const WALLETS = {
  en: { balance: 'Jumbo', deposit: 'Deposit', ads: 'Ads', youtube: 'YouTube', tiktok: 'TikTok' },
  sw: { balance: 'Jumbo', deposit: 'Amana', ads: 'Matangazo', youtube: 'YouTube', tiktok: 'TikTok' },
} as const satisfies Record<SmsLanguage, Record<WalletKey, string>>;

export const SMS_TEXTS = {
  en: {
    deposit_credited: 'Tuzo: Your deposit of {amount} has been received and is in your Deposit wallet.',
    withdrawal_paid:
      'Tuzo: Your withdrawal of {amount} has been paid{phone, select, none {} other { to {phone}}}.{receipt, select, none {} other { Receipt {receipt}.}}',
    withdrawal_failed: 'Tuzo: Your withdrawal of {amount} could not be paid. {refunded} is back in your {wallet} wallet.',
    account_activated: 'Tuzo: Your account is now active. Activation fee paid: {fee}.',
    commission_earned:
      'Tuzo: You earned a commission of {amount}: your {level, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}-level member {username} activated their account.',
    phone_change_code:
      'Tuzo: Your code to make this your Tuzo phone number is {code}. It expires in {minutes} minutes. Never share it.',
    phone_changed:
      'Tuzo: Your account phone number was changed to {phone}. Withdrawals are paused for {hours} hours. Not you? Call support now.',
  },
  sw: {
    deposit_credited: 'Tuzo: Amana yako ya {amount} imepokelewa na iko kwenye pochi yako ya Amana.',
    withdrawal_paid:
      'Tuzo: Utoaji wako wa pesa wa {amount} umelipwa{phone, select, none {} other { kwa {phone}}}.{receipt, select, none {} other { Risiti {receipt}.}}',
    withdrawal_failed:
      'Tuzo: Utoaji wako wa pesa wa {amount} haukufanikiwa. {refunded} zimerudishwa kwenye pochi yako ya {wallet}.',
    account_activated: 'Tuzo: Akaunti yako imewezeshwa. Umelipa ada ya kuwezesha ya {fee}.',
    commission_earned:
      'Tuzo: Umepata kamisheni ya {amount}: mwanachama wako wa ngazi ya {level, select, 1 {kwanza} 2 {pili} 3 {tatu} other {#}}, {username}, amewezesha akaunti yake.',
    phone_change_code:
      'Tuzo: Msimbo wa kufanya hii nambari yako ya simu ya Tuzo ni {code}. Unaisha baada ya dakika {minutes}. Usimpe mtu.',
    phone_changed:
      'Tuzo: Nambari ya simu ya akaunti yako imebadilishwa kuwa {phone}. Utoaji wa pesa umesitishwa kwa saa {hours}. Si wewe? Piga simu huduma kwa wateja sasa.',
  },
} as const satisfies Record<SmsLanguage, Record<SmsEvent['kind'], string>>;

let instance: i18n | null = null;

function translator(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.use(ICU).init({
    initAsync: false,
    lng: 'en',
    fallbackLng: false,
    resources: { en: { sms: SMS_TEXTS.en }, sw: { sms: SMS_TEXTS.sw } },
    ns: ['sms'],
    defaultNS: 'sms',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = created;
  return created;
}

/** One event's message in a language, its values in place. */
export function renderSms(event: SmsEvent, language: SmsLanguage): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(event.params)) values[name] = value === null ? 'none' : value;
  if (event.kind === 'withdrawal_failed') values.wallet = WALLETS[language][event.params.wallet];
  return translate(event.kind, language, values);
}

/**
 * An operator's promotional text in one language (the member's), followed by how to stop them in that language: the setting
 * `sms.opt_out_instruction` (it depends on the sender id; by default Safaricom's opt-out code, "To opt out, dial
 * *456*9*5#." / "Kuacha kupokea ujumbe huu, piga *456*9*5#.", swahili-review.md W4; decision 057).
 */
export function renderPromotion(text: string, instruction: string): string {
  return `${text.trim()} ${instruction.trim()}`;
}

function translate(key: string, language: SmsLanguage, values: Record<string, string | number>): string {
  const t = translator().getFixedT(language, 'sms');
  const text = t(key, values);
  if (typeof text !== 'string' || text === key) throw new Error(`No SMS text ${key} in ${language}`);
  return text;
}
