import { defineTexts } from '@/i18n';

/**
 * The profile's USSD PIN card (issue 26 part 1): the 4-digit PIN that confirms a withdrawal on a feature phone, and
 * the unlock after three wrong PINs. Swahili follows docs/glossary.md: withdrawal "utoaji wa pesa", password
 * "nenosiri"; "PIN" stays as M-Pesa writes it ("PIN ya M-Pesa").
 */
export const ussdPinTexts = defineTexts('profile-ussd', {
  en: {
    title: 'USSD PIN',
    hintNew: 'Set a 4-digit PIN to withdraw from a feature phone by USSD. Never share it.',
    hintSet: 'Your USSD PIN is set. You can change it here.',
    pin: 'New PIN (4 digits)',
    pinConfirmation: 'Confirm new PIN',
    password: 'Your password',
    setPin: 'Set PIN',
    changePin: 'Change PIN',
    saving: 'Saving...',
    pinSaved: 'Your USSD PIN is set',
    pinFailed: 'Failed to save your USSD PIN',
    pinMismatch: 'The two PINs do not match',
    passwordRequired: 'Enter your password',
    locked: 'USSD withdrawals are locked after three wrong PINs. Unlock them with your password.',
    unlock: 'Unlock',
    unlockTitle: 'Unlock USSD withdrawals',
    unlockHint: 'Enter your password to allow withdrawals by USSD again.',
    unlocking: 'Unlocking...',
    unlocked: 'USSD withdrawals are unlocked',
    unlockFailed: 'Failed to unlock USSD withdrawals',
    cancel: 'Cancel',
  },
  sw: {
    title: 'PIN ya USSD',
    hintNew: 'Weka PIN ya tarakimu 4 ili utoe pesa kwa USSD ukitumia simu ya kawaida. Usimwambie mtu yeyote.',
    hintSet: 'PIN yako ya USSD imewekwa. Unaweza kuibadilisha hapa.',
    pin: 'PIN mpya (tarakimu 4)',
    pinConfirmation: 'Thibitisha PIN mpya',
    password: 'Nenosiri lako',
    setPin: 'Weka PIN',
    changePin: 'Badilisha PIN',
    saving: 'Inahifadhi...',
    pinSaved: 'PIN yako ya USSD imewekwa',
    pinFailed: 'Imeshindikana kuhifadhi PIN yako ya USSD',
    pinMismatch: 'PIN mbili hazilingani',
    passwordRequired: 'Weka nenosiri lako',
    locked: 'Utoaji wa pesa kwa USSD umefungwa baada ya PIN zisizo sahihi mara tatu. Ufungue kwa nenosiri lako.',
    unlock: 'Fungua',
    unlockTitle: 'Fungua utoaji wa pesa kwa USSD',
    unlockHint: 'Weka nenosiri lako ili kuruhusu tena utoaji wa pesa kwa USSD.',
    unlocking: 'Inafungua...',
    unlocked: 'Utoaji wa pesa kwa USSD umefunguliwa',
    unlockFailed: 'Imeshindikana kufungua utoaji wa pesa kwa USSD',
    cancel: 'Ghairi',
  },
});
