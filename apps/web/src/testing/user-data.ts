import { UserDataSchema, type UserData } from '@tuzo/contracts';

/**
 * A member's user data as the server sends it (checked against the contract, so a fixture that drifts from the wire
 * fails here first). KES, minimum withdrawal 100.00, tariff 30.00 up to 1,000.00 and 50.00 above.
 */
export function buildUserData(
  overrides: { balances?: Partial<UserData['balances']>; fee?: Partial<UserData['fee']> } = {},
): UserData {
  return UserDataSchema.parse({
    userdetails: {
      uname: 'amina',
      email: 'amina@example.test',
      phone: '254700000001',
      country: 'Kenya',
      abrv: 'KE',
      account_status: true,
      join: '2026-01-02 10:00:00',
      lastupdate: null,
      activated_at: '2026-01-02 10:05:00',
      l1: null,
      ccurrency: 'KES',
      grouplink: '',
      customer_care: '',
      banner: '',
      isadmin: false,
      role: 'member',
      is_totp_enrolled: false,
      ussd_pin_set: false,
      ussd_locked: false,
      language: 'en',
      payments: 'live',
    },
    balances: {
      profit: '0.00',
      expense: '0.00',
      balance: '1000.00',
      bonus: '0.00',
      totalwithdrawal: '0.00',
      pendingwithdrawal: '0.00',
      ads: '40.00',
      youtube: '250.50',
      trivia: '0.00',
      tiktok: '0.00',
      deposit: '0.00',
      actbal: '0.00',
      target: 0,
      reward: '0.00',
      remaining: 0,
      percent: 0,
      progress: 0,
      dailyclaimed: false,
      welcome_target: 15,
      welcome_progress: 0,
      welcome_reward: '0.00',
      welcomeclaimed: false,
      ...overrides.balances,
    },
    fee: {
      min_with: '100.00',
      tariff: [
        { min_brackets: '1.00', max_brackets: '1000.00', tariff: '30.00' },
        { min_brackets: '1000.01', max_brackets: '5000.00', tariff: '50.00' },
      ],
      ...overrides.fee,
    },
    notifications: { unread: 0 },
  });
}
