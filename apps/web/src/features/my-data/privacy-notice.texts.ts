import { defineTexts } from '@/i18n';

/** The privacy notice on the multi-account signals (issue 27, decision 061), shown on "Your data and account". */
export const privacyNoticeTexts = defineTexts('privacy-notice', {
  en: {
    title: 'How we look for accounts run by one person',
    purpose: 'To stop self-referral commission fraud, we look for accounts that one person runs. For this we keep these signals:',
    device: 'A device identifier that your browser keeps for Tuzo.',
    address: 'The address your phone or computer connects from, and its network.',
    mpesa: 'The M-Pesa number that paid a deposit.',
    payout: 'The phone number a withdrawal is paid to and the receiver name M-Pesa shows.',
    contact: 'Your email and phone number.',
    storage:
      'We store each signal as a keyed hash, not as you typed it. Raw signals are deleted after 90 days, unless a case about them is open.',
    basis: 'Legal basis: our legitimate interest in stopping fraud, under the Data Protection Act 2019.',
    people: 'A computer never decides alone: a person on our team always makes the decision, and you can ask for a review.',
  },
  sw: {
    title: 'Jinsi tunavyotafuta akaunti zinazoendeshwa na mtu mmoja',
    purpose:
      'Ili kuzuia udanganyifu wa kamisheni kwa kujisajili mwenyewe, tunatafuta akaunti zinazoendeshwa na mtu mmoja. Kwa hili tunahifadhi ishara hizi:',
    device: 'Kitambulisho cha kifaa ambacho kivinjari chako kinahifadhi kwa ajili ya Tuzo.',
    address: 'Anwani ambayo simu au kompyuta yako inaunganishwa kutoka, na mtandao wake.',
    mpesa: 'Nambari ya M-Pesa iliyolipa pesa ulizoweka.',
    payout: 'Nambari ya simu ambayo pesa unazotoa zinalipwa, na jina la mpokeaji ambalo M-Pesa inaonyesha.',
    contact: 'Barua pepe na nambari yako ya simu.',
    storage:
      'Tunahifadhi kila ishara kama hash yenye ufunguo, si jinsi ulivyoiandika. Ishara ghafi zinafutwa baada ya siku 90, isipokuwa kesi inayozihusu iko wazi.',
    basis: 'Msingi wa kisheria: maslahi yetu halali ya kuzuia udanganyifu, chini ya Sheria ya Ulinzi wa Data ya 2019.',
    people: 'Kompyuta haiamui peke yake: mtu wa timu yetu ndiye hufanya uamuzi kila wakati, na unaweza kuomba ukaguzi.',
  },
});
