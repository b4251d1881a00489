import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLanguage } from '@/i18n';
import { failed, ok, stubFetch } from '@/testing/fetch-boundary';
import { renderWithClient, resetAfterEachTest } from '@/testing/render';
import { LanguageCard } from './language-card';

resetAfterEachTest();

const renderCard = () => renderWithClient(<LanguageCard />, { hasToaster: true }).user;

describe('LanguageCard', () => {
  it('saves Kiswahili on the server, then shows the app in it', async () => {
    const requests = stubFetch(ok({ language: 'sw' }, { msg: 'Language saved' }));
    const user = renderCard();
    expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Kiswahili' }));
    expect(await screen.findByText('Lugha imehifadhiwa')).toBeTruthy();
    expect(requests[0]).toMatchObject({ method: 'POST', body: { language: 'sw' } });
    expect(requests[0]!.url).toContain('action=setlanguage');
    expect(currentLanguage()).toBe('sw');
    expect(screen.getByRole('heading', { name: 'Lugha' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Kiswahili' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the language and says so when the server refuses', async () => {
    stubFetch(failed(400, 'VALIDATION_FAILED', "language must be 'en' or 'sw'"));
    const user = renderCard();
    await user.click(screen.getByRole('radio', { name: 'Kiswahili' }));
    expect(await screen.findByText("language must be 'en' or 'sw'")).toBeTruthy();
    expect(currentLanguage()).toBe('en');
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
  });
});
