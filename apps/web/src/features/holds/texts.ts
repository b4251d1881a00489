import { defineTexts } from '@/i18n';

/**
 * The held-commissions card (issue 27, decision 062). Swahili as the server's catalogue words the holds: commission
 * "kamisheni", held "imezuiliwa", review "ukaguzi"; money is "KES 250.00", currency first.
 */
export const holdsTexts = defineTexts('holds', {
  en: {
    title: 'Held commissions',
    caption: 'Your held commissions',
    noneHeldNow: 'None of your commissions is held now.',
    colFrom: 'From',
    colLevel: 'Level',
    colAmount: 'Amount',
    colState: 'State',
    colHeldOn: 'Held on',
    level: 'Level {level}',
    stateHeld: 'Held',
    stateReleased: 'Released',
    stateReversed: 'Cancelled',
    askTitle: 'Ask for a review',
    messageLabel: 'Your message',
    messageHint: 'Tell us why these accounts belong to different people (10 to 500 characters).',
    send: 'Ask for a review',
    sending: 'Sending...',
    requestedOn: 'Review requested on {date}. We will check and answer you.',
    failed: 'Failed to load your held commissions',
  },
  sw: {
    title: 'Kamisheni Zilizozuiliwa',
    caption: 'Kamisheni zako zilizozuiliwa',
    noneHeldNow: 'Hakuna kamisheni yako iliyozuiliwa sasa.',
    colFrom: 'Kutoka kwa',
    colLevel: 'Ngazi',
    colAmount: 'Kiasi',
    colState: 'Hali',
    colHeldOn: 'Ilizuiliwa',
    level: 'Ngazi ya {level}',
    stateHeld: 'Imezuiliwa',
    stateReleased: 'Imeachiliwa',
    stateReversed: 'Imeghairiwa',
    askTitle: 'Omba ukaguzi',
    messageLabel: 'Ujumbe wako',
    messageHint: 'Tueleze kwa nini akaunti hizi ni za watu tofauti (herufi 10 hadi 500).',
    send: 'Omba ukaguzi',
    sending: 'Inatuma...',
    requestedOn: 'Ukaguzi uliombwa tarehe {date}. Tutakagua na kukujibu.',
    failed: 'Imeshindikana kupakia kamisheni zako zilizozuiliwa',
  },
});
