import { afterAll, describe, expect, it } from 'vitest';
import { shellTexts } from '@/components/layouts/shell.texts';
import { bonusesTexts } from '@/features/bonuses/texts';
import { dashboardTexts } from '@/features/dashboard/texts';
import { notificationsTexts } from '@/features/notifications/texts';
import { triviaTexts } from '@/features/trivia/texts';
import { setLanguage, translate } from '@/i18n';

/**
 * Counts take the singular at 1 in both languages (issue 26): ICU `plural` with `one`/`other`. A Swahili class 9/10
 * noun (sekunde, pointi, akaunti, arifa) changes its verb, "Imebaki sekunde 1" / "Zimebaki sekunde 2"; a class 1/2
 * noun changes the noun too, "Amebaki mwanachama 1" / "Wamebaki wanachama 2". Counts arrive as numbers or as digit
 * strings, and the bell's "99+" falls into `other`.
 */
describe('counts in Swahili', () => {
  afterAll(() => setLanguage('en'));

  it.each([
    [triviaTexts, 'secondsLeft', { seconds: 1 }, 'Imebaki sekunde 1'],
    [triviaTexts, 'secondsLeft', { seconds: '2' }, 'Zimebaki sekunde 2'],
    [triviaTexts, 'started', { seconds: '1' }, 'Raundi yako imeanza: imebaki sekunde 1.'],
    [dashboardTexts, 'remaining', { count: '1' }, 'Imebaki pointi 1'],
    [dashboardTexts, 'remaining', { count: '750' }, 'Zimebaki pointi 750'],
    [bonusesTexts, 'dailyMore', { remaining: 1 }, 'Imebaki akaunti 1 ya ngazi ya kwanza kuwezeshwa leo ili kufikia lengo.'],
    [bonusesTexts, 'welcomeMore', { remaining: 1 }, 'Amebaki mwanachama 1 wa ngazi ya kwanza kuwezeshwa.'],
    [bonusesTexts, 'welcomeMore', { remaining: 3 }, 'Wamebaki wanachama 3 wa ngazi ya kwanza kuwezeshwa.'],
    [notificationsTexts, 'unread', { count: '1' }, '1 haijasomwa'],
    [notificationsTexts, 'markedMany', { count: 1 }, 'Arifa 1 imewekwa alama kuwa imesomwa'],
    [notificationsTexts, 'markedMany', { count: 4 }, 'Arifa 4 zimewekwa alama kuwa zimesomwa'],
    [shellTexts, 'bellUnread', { count: '1' }, 'Arifa, 1 haijasomwa'],
    [shellTexts, 'bellUnread', { count: '99+' }, 'Arifa, 99+ hazijasomwa'],
  ] as const)('%#: %s', async (bundle, key, values, expected) => {
    await setLanguage('sw');
    expect(translate(bundle as never, key as never, values)).toBe(expected);
  });
});

describe('counts in English', () => {
  it.each([
    [triviaTexts, 'secondsLeft', { seconds: 1 }, '1 second left'],
    [triviaTexts, 'secondsLeft', { seconds: '30' }, '30 seconds left'],
    [dashboardTexts, 'remaining', { count: '1' }, '1 pt remaining'],
    [bonusesTexts, 'dailyMore', { remaining: 1 }, '1 more level-1 activation today to reach the target.'],
    [bonusesTexts, 'welcomeMore', { remaining: 2 }, '2 more active level-1 members to go.'],
    [notificationsTexts, 'markedMany', { count: 1 }, '1 notification marked as read'],
    [shellTexts, 'bellUnread', { count: '99+' }, 'Notifications, 99+ unread'],
  ] as const)('%#: %s', async (bundle, key, values, expected) => {
    await setLanguage('en');
    expect(translate(bundle as never, key as never, values)).toBe(expected);
  });
});
