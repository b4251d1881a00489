import { BONUS_MESSAGES } from '@tuzo/contracts';
import { defineTexts } from '@/i18n';

/** The bonus screens (spec part 2, "Daily bonuses", "Welcome bonus"). Swahili: bonus "bonasi", claim "pokea", points "pointi". */
export const bonusesTexts = defineTexts('bonuses', {
  en: {
    dailyTitle: 'Daily Bonus',
    dailyDescription:
      'Earn a point for every level-1 member who activates today. Reach the target to claim the reward into your Jumbo wallet.',
    todaysTarget: "Today's target",
    points: '{points} pts',
    targetReward: 'Target reward',
    progress: 'Progress',
    pointsDone: 'Points done',
    totalToday: 'Total today',
    pointsRemaining: 'Points remaining',
    dailyProgress: 'Daily bonus progress',
    dailyClaimed: 'You have claimed today’s bonus. Come back tomorrow for the next one.',
    dailyReached: 'Target reached: your bonus is ready to claim.',
    dailyMore:
      '{remaining, plural, one {# more level-1 activation} other {# more level-1 activations}} today to reach the target.',
    claimedToday: 'Claimed today',
    claimDaily: BONUS_MESSAGES.claimDaily,
    claiming: BONUS_MESSAGES.claiming,
    welcomeTitle: 'Welcome Bonus',
    welcomeDescription:
      'Target: {target} Level 1 active downlines. Once {target} of the members you invited directly have activated their accounts, claim a one-time bonus into your Jumbo wallet.',
    welcomeBonus: 'Welcome bonus',
    activeLevelOne: 'Active level-1 members',
    progressOf: '{progress} of {target}',
    welcomeProgress: 'Welcome bonus progress',
    welcomeClaimed: 'You have claimed your welcome bonus of {amount}.',
    welcomeReached: 'Target reached: your welcome bonus is ready to claim.',
    welcomeMore: '{remaining, plural, one {# more active level-1 member} other {# more active level-1 members}} to go.',
    welcomeClaimedButton: 'Welcome bonus claimed',
    claimWelcome: BONUS_MESSAGES.claimWelcome,
  },
  sw: {
    dailyTitle: 'Bonasi ya Kila Siku',
    dailyDescription:
      'Pata pointi moja kwa kila mwanachama wa ngazi ya kwanza anayewezesha akaunti yake leo. Fikia lengo ili upokee zawadi kwenye pochi yako ya Jumbo.',
    todaysTarget: 'Lengo la leo',
    points: 'pointi {points}',
    targetReward: 'Zawadi ya lengo',
    progress: 'Maendeleo',
    pointsDone: 'Pointi ulizopata',
    totalToday: 'Jumla ya leo',
    pointsRemaining: 'Pointi zilizobaki',
    dailyProgress: 'Maendeleo ya bonasi ya kila siku',
    dailyClaimed: 'Umeshapokea bonasi ya leo. Rudi kesho kwa bonasi inayofuata.',
    dailyReached: 'Lengo limefikiwa: pokea bonasi yako sasa.',
    dailyMore:
      '{remaining, plural, one {Imebaki akaunti # ya ngazi ya kwanza kuwezeshwa} other {Zimebaki akaunti # za ngazi ya kwanza kuwezeshwa}} leo ili kufikia lengo.',
    claimedToday: 'Imepokelewa leo',
    claimDaily: 'Pokea bonasi',
    claiming: 'Inapokea...',
    welcomeTitle: 'Bonasi ya Kukaribishwa',
    welcomeDescription:
      'Lengo: wanachama {target} wa ngazi ya kwanza waliowezeshwa. Wanachama {target} uliowaalika moja kwa moja wakishawezesha akaunti zao, pokea bonasi ya mara moja kwenye pochi yako ya Jumbo.',
    welcomeBonus: 'Bonasi ya kukaribishwa',
    activeLevelOne: 'Wanachama wa ngazi ya kwanza waliowezeshwa',
    progressOf: '{progress} kati ya {target}',
    welcomeProgress: 'Maendeleo ya bonasi ya kukaribishwa',
    welcomeClaimed: 'Umeshapokea bonasi yako ya kukaribishwa ya {amount}.',
    welcomeReached: 'Lengo limefikiwa: pokea bonasi yako ya kukaribishwa sasa.',
    welcomeMore:
      '{remaining, plural, one {Amebaki mwanachama # wa ngazi ya kwanza kuwezeshwa} other {Wamebaki wanachama # wa ngazi ya kwanza kuwezeshwa}}.',
    welcomeClaimedButton: 'Bonasi ya kukaribishwa imepokelewa',
    claimWelcome: 'Pokea bonasi ya kukaribishwa',
  },
});
