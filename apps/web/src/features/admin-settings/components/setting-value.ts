/**
 * How a setting's value is edited as text: strings as they are, numbers as digits, lists of abbreviations as
 * comma-separated text, anything else (deposit limits and procedures) as JSON.
 */
export type ValueShape = 'text' | 'number' | 'list' | 'json';

export function shapeOf(example: unknown): ValueShape {
  if (typeof example === 'string') return 'text';
  if (typeof example === 'number') return 'number';
  if (Array.isArray(example) && example.every((item) => typeof item === 'string')) return 'list';
  return 'json';
}

export function toText(shape: ValueShape, value: unknown): string {
  switch (shape) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'json':
      return JSON.stringify(value, null, 2);
  }
}

/** The value a text stands for, or an error message for text that is not even of the right kind. */
export function fromText(shape: ValueShape, text: string): { value: unknown } | { error: string } {
  switch (shape) {
    case 'text':
      return { value: text };
    case 'number':
      return /^-?\d+$/.test(text.trim()) ? { value: Number(text.trim()) } : { error: 'Enter a whole number' };
    case 'list':
      return {
        value: text
          .split(',')
          .map((item) => item.trim().toUpperCase())
          .filter((item) => item !== ''),
      };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: 'This is not valid JSON' };
      }
  }
}

/** Short labels for the settings the console shows; the registry's description goes under each. */
export const SETTING_LABELS: Record<string, string> = {
  grouplink: 'WhatsApp group link',
  customer_care: 'Customer care link',
  public_site_url: 'Public site URL',
  banner_text: 'Banner text',
  daily_target: 'Daily target',
  daily_reward: 'Daily reward',
  welcome_bonus: 'Welcome bonus',
  task_wallet_unlock: 'Task wallets unlock at',
  ad_like_price: 'Ad like price',
  ad_comment_price: 'Ad comment price',
  trivia_price: 'Trivia price',
  'spins.min_stake': 'Minimum casino stake',
  'spins.rounds': 'Wheel turns',
  'spins.casino_table': 'Casino wheel',
  'spins.free_table': 'Free wheel',
  casino_disabled_countries: 'Casino spins off in',
  referral_disabled_countries: 'Referral commissions off in',
  'deposits.limits': 'Deposit limits',
  'deposits.procedures': 'Payment methods and manual steps',
  four_eyes_threshold: 'Second operator needed above',
};

/** The page's groups, in order; a registry key not listed here lands in "Other". */
export const SETTING_GROUPS: { title: string; keys: string[] }[] = [
  { title: 'Links and banner', keys: ['grouplink', 'customer_care', 'public_site_url', 'banner_text'] },
  {
    title: 'Bonuses and task prices',
    keys: [
      'daily_target',
      'daily_reward',
      'welcome_bonus',
      'task_wallet_unlock',
      'ad_like_price',
      'ad_comment_price',
      'trivia_price',
    ],
  },
  { title: 'Spins', keys: ['spins.casino_table', 'spins.free_table', 'spins.min_stake', 'spins.rounds'] },
  { title: 'Country switches', keys: ['casino_disabled_countries', 'referral_disabled_countries'] },
  { title: 'Payments', keys: ['deposits.limits', 'deposits.procedures', 'four_eyes_threshold'] },
];
