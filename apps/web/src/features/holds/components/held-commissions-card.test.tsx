import type { MyHoldsData } from '@tuzo/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { HeldCommissionsCard } from './held-commissions-card';

resetAfterEachTest();

const REASON =
  'Your commission is held while we check that the accounts in your team belong to different people. You can ask for a review.';

function holds(overrides: Partial<MyHoldsData> = {}): MyHoldsData {
  return {
    holds: [
      {
        id: '7',
        from_member: 'ring_b',
        level: 1,
        amount: '250.00',
        currency: 'KES',
        state: 'held',
        held_at: '2026-11-28T09:00:00.000Z',
      },
    ],
    reason: REASON,
    review_requested_at: null,
    can_request_review: true,
    ...overrides,
  };
}

describe('HeldCommissionsCard', () => {
  it('shows nothing when no commission was ever held', async () => {
    const requests = stubFetch(ok(holds({ holds: [], reason: null, can_request_review: false })));
    const { container } = renderWithClient(<HeldCommissionsCard />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(requests[0]!.url).toContain('action=myholds');
    expect(container.textContent).toBe('');
  });

  it('says why, lists the holds and asks for a review with the contract’s rules', async () => {
    const requests = stubFetch(
      ok(holds()),
      ok(
        { requested_at: '2026-11-28T10:00:00.000Z' },
        { msg: 'Review requested: we will check your team’s accounts and answer you' },
      ),
      ok(holds({ review_requested_at: '2026-11-28T10:00:00.000Z', can_request_review: false })),
    );
    const { user } = renderWithClient(<HeldCommissionsCard />, { hasToaster: true });
    expect(await screen.findByRole('heading', { name: 'Held commissions' })).toBeTruthy();
    expect(screen.getByTestId('holds-reason').textContent).toBe(REASON);
    const row = screen.getByTestId('hold-row');
    expect(within(row).getByText('ring_b')).toBeTruthy();
    expect(within(row).getByText('Level 1')).toBeTruthy();
    expect(within(row).getByText('KES 250.00')).toBeTruthy();
    expect(within(row).getByText('Held')).toBeTruthy();

    const message = screen.getByLabelText('Your message');
    await user.type(message, 'too short');
    await user.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tell us in at least 10 characters');
    expect(requests).toHaveLength(1);

    await user.type(message, ' - my sister and I share a phone');
    await user.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect(await screen.findByText('Review requested: we will check your team’s accounts and answer you')).toBeTruthy();
    expect(requests[1]).toMatchObject({ method: 'POST', body: { message: 'too short - my sister and I share a phone' } });
    expect(requests[1]!.url).toContain('action=askreview');
    expect(requests[1]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect((await screen.findByTestId('holds-review-requested')).textContent).toMatch(/^Review requested on November 28, 2026/);
    expect(screen.queryByRole('button', { name: 'Ask for a review' })).toBeNull();
  });

  it('shows a refusal under the message', async () => {
    stubFetch(ok(holds()), failed(409, 'ALREADY_DONE', 'You already asked for a review; we will answer it soon'), ok(holds()));
    const { user } = renderWithClient(<HeldCommissionsCard />, { hasToaster: true });
    await user.type(await screen.findByLabelText('Your message'), 'We are two different people.');
    await user.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already asked for a review; we will answer it soon');
  });

  it('reads in Swahili', async () => {
    await act(() => setLanguage('sw'));
    stubFetch(ok(holds({ holds: [{ ...holds().holds[0]!, state: 'released' }], reason: null, can_request_review: false })));
    renderWithClient(<HeldCommissionsCard />);
    expect(await screen.findByRole('heading', { name: 'Kamisheni Zilizozuiliwa' })).toBeTruthy();
    expect(screen.getByTestId('holds-reason').textContent).toBe('Hakuna kamisheni yako iliyozuiliwa sasa.');
    expect(within(screen.getByTestId('hold-row')).getByText('Imeachiliwa')).toBeTruthy();
    expect(within(screen.getByTestId('hold-row')).getByText('Ngazi ya 1')).toBeTruthy();
  });

  it('shows the contract’s message in Swahili', async () => {
    await act(() => setLanguage('sw'));
    const requests = stubFetch(ok(holds()));
    const { user } = renderWithClient(<HeldCommissionsCard />);
    await user.type(await screen.findByLabelText('Ujumbe wako'), 'fupi');
    await user.click(screen.getByRole('button', { name: 'Omba ukaguzi' }));
    expect(await screen.findByText('Tueleze kwa angalau herufi 10')).toBeTruthy();
    expect(requests).toHaveLength(1);
  });
});
