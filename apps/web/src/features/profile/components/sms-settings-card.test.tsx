import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { SmsSettingsCard } from './sms-settings-card';

resetAfterEachTest();

const renderCard = () => renderWithClient(<SmsSettingsCard />, { hasToaster: true }).user;

describe('SmsSettingsCard', () => {
  it('shows the choices and saves a change at once with the server’s answer', async () => {
    const requests = stubFetch(
      ok({ language: 'en', commission: true, promotions: false }),
      ok({ language: 'en', commission: false, promotions: false }, { msg: 'SMS settings saved' }),
    );
    const user = renderCard();
    const commission = (await screen.findByLabelText(/SMS when I earn a commission/)) as HTMLInputElement;
    const promotions = screen.getByLabelText(/News and offers by SMS/) as HTMLInputElement;
    expect([commission.checked, promotions.checked]).toEqual([true, false]);
    await user.click(commission);
    expect(await screen.findByText('SMS settings saved')).toBeTruthy();
    expect(commission.checked).toBe(false);
    expect(requests[1]).toMatchObject({ method: 'POST', body: { commission: false } });
    expect(requests[1]!.url).toContain('action=setsmssettings');
  });

  it('keeps the saved choice and says so when the server refuses', async () => {
    stubFetch(
      ok({ language: 'sw', commission: true, promotions: false }),
      failed(400, 'VALIDATION_FAILED', 'Send commission and/or promotions (true or false)'),
    );
    const user = renderCard();
    const promotions = (await screen.findByLabelText(/News and offers by SMS/)) as HTMLInputElement;
    await user.click(promotions);
    expect(await screen.findByText('Send commission and/or promotions (true or false)')).toBeTruthy();
    expect(promotions.checked).toBe(false);
  });
});
