import { defineTexts } from '@/i18n';

/** The activation page of an inactive member. */
export const activationTexts = defineTexts('activation', {
  en: {
    activateTitle: 'Activate your account',
    welcome:
      'Welcome, {name}. Your account is not active yet. Activate it to unlock tasks, bonuses, spins, your team and withdrawals.',
    depositTitle: 'Deposit to activate',
    depositHint: 'Deposit the activation fee below to activate your account.',
    fee: 'Activation Fee: {amount}',
    amount: 'Amount ({currency})',
    covered: 'Your deposit of {amount} covers the activation fee. Activate your account to get started.',
    activate: 'Activate My Account',
    activating: 'Activating...',
    activated: 'Account activated successfully! Welcome aboard!',
    failed: 'Activation failed. Please try again.',
    error: 'An error occurred during activation',
  },
  sw: {
    activateTitle: 'Wezesha akaunti yako',
    welcome:
      'Karibu, {name}. Akaunti yako bado haijawezeshwa. Iwezeshe ili ufungue kazi, bonasi, mizunguko, timu yako na utoaji wa pesa.',
    depositTitle: 'Weka pesa ili kuwezesha akaunti',
    depositHint: 'Weka ada ya kuwezesha akaunti hapa chini ili uwezeshe akaunti yako.',
    fee: 'Ada ya Kuwezesha Akaunti: {amount}',
    amount: 'Kiasi ({currency})',
    covered: 'Amana yako ya {amount} inatosha kulipia ada ya kuwezesha akaunti. Wezesha akaunti yako ili uanze.',
    activate: 'Wezesha Akaunti Yangu',
    activating: 'Inawezesha...',
    activated: 'Akaunti yako imewezeshwa! Karibu sana!',
    failed: 'Imeshindikana kuwezesha akaunti. Tafadhali jaribu tena.',
    error: 'Hitilafu imetokea wakati wa kuwezesha akaunti',
  },
});
