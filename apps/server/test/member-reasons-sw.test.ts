import { describe, expect, it } from 'vitest';
import { localiseMessage } from '../src/lib/messages/member-messages.ts';
import { REASON_WORDS_SW } from '../src/lib/messages/reason-words.sw.ts';
import { RESULT_REASONS, TIMED_OUT_REASON } from '../src/modules/deposits/stk-push.service.ts';
import { MEMBER_REASONS, memberReason } from '../src/modules/payouts/payout-provider.ts';
import { useDepositTestApp, waitFor } from './deposits-fixtures.ts';

/**
 * Why a deposit or a payout failed reaches a Swahili member in Swahili (issue 26): every fixed reason the deposit and
 * payout modules write has a Swahili entry, both failure notifications render it with no English left, and a real
 * failed STK push (the simulator's …32 phone: cancelled, 1032) reads in Swahili on the notifications page.
 */
const DEPOSIT_REASONS = [
  ...Object.entries(RESULT_REASONS).map(([code, reason]) => `${reason} (${code})`),
  'M-Pesa declined the payment (1)',
  TIMED_OUT_REASON,
  'Not sent: the payment request did not reach M-Pesa',
];
const PAYOUT_REASONS = [
  ...new Set([...Object.values(MEMBER_REASONS), memberReason('99', 'flutterwave'), memberReason('99', 'mpesa_b2c')]),
];

const depositFailed = (reason: string) => `Your M-Pesa payment of KES 500.00 did not go through: ${reason}.`;
const payoutFailed = (reason: string) =>
  `Your withdrawal of KES 500.00 could not be paid: ${reason} KES 530.00 (amount and charge) is back in your Ads wallet.`;

/** The English reason, without its result code, must not survive in the Swahili text. */
const englishOf = (reason: string) => reason.replace(/ \(\d+\)$/, '');

describe('failure reasons in Swahili', () => {
  it('has a Swahili word for every fixed reason', () => {
    const missing = [...DEPOSIT_REASONS.map(englishOf), ...PAYOUT_REASONS].filter((r) => !(r in REASON_WORDS_SW));
    expect(missing).toEqual([]);
  });

  it.each(DEPOSIT_REASONS)('renders a failed deposit with "%s" in Swahili', (reason) => {
    const swahili = localiseMessage(depositFailed(reason), 'sw');
    const word = REASON_WORDS_SW[englishOf(reason)] ?? 'missing';
    const code = reason.match(/ \(\d+\)$/)?.[0] ?? '';
    expect(swahili).toBe(`Malipo yako ya M-Pesa ya KES 500.00 hayakufanikiwa: ${word}${code}.`);
    expect(swahili).not.toContain(englishOf(reason));
    expect(localiseMessage(depositFailed(reason), 'en')).toBe(depositFailed(reason));
  });

  it.each(PAYOUT_REASONS)('renders a failed payout with "%s" in Swahili', (reason) => {
    const swahili = localiseMessage(payoutFailed(reason), 'sw');
    expect(swahili).toBe(
      `Utoaji wako wa pesa wa KES 500.00 haukuweza kulipwa: ${REASON_WORDS_SW[reason] ?? 'missing'} KES 530.00 (kiasi na ada) zimerudishwa kwenye pochi yako ya Matangazo.`,
    );
    expect(swahili).not.toContain(reason);
  });

  it('keeps a provider’s own words for an unknown code as written', () => {
    const swahili = localiseMessage(depositFailed('The service request is processed with error (9999)'), 'sw');
    expect(swahili).toBe(
      'Malipo yako ya M-Pesa ya KES 500.00 hayakufanikiwa: The service request is processed with error (9999).',
    );
  });
});

describe('a real failed STK push of a Swahili member', () => {
  const c = useDepositTestApp();

  it('reads with the reason in Swahili on the notifications page', async () => {
    const m = await c.member('KE');
    await c.t.sql(`UPDATE members SET language = 'sw' WHERE id = $1`, [m.id.toString()]);
    const pushed = await c.call('stkpush', m, { method: 'POST', payload: { phone: '254700000032', amount: 100 } });
    expect(pushed.status).toBe(200);
    await waitFor(async () => (await c.deposits(m))[0]?.status === 1);
    await waitFor(async () => (await c.call('notifications', m)).data.items.length > 0);
    const items = (await c.call('notifications', m)).data.items as Array<{ msg: string }>;
    expect(items.map((item) => item.msg)).toEqual([
      'Malipo yako ya M-Pesa ya KES 100.00 hayakufanikiwa: Ombi lilighairiwa kwenye simu (1032).',
    ]);
  });
});
