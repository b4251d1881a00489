/** What the member is told about a typed transaction code (`recovercode`), one message per outcome. */
export const CODE_USED_MSG = 'This code has already been used';
export const CODE_REVIEW_MSG =
  'We could not find this code yet. It has been sent for review and will be credited once confirmed.';
export const CODE_VERIFYING_MSG =
  'We are confirming this code with M-Pesa. It will be added to your Deposit wallet as soon as M-Pesa confirms it; there is no need to send it again.';
export const CODE_UNKNOWN_MSG = 'M-Pesa does not know this transaction code. Please check the code and try again.';
export const CODE_MISMATCH_MSG =
  'M-Pesa reports a different amount for this transaction code, so it cannot be credited. Please contact customer care.';
export const CODE_NOT_TUZO_MSG = 'This transaction code is a payment Tuzo made, not a payment to Tuzo, so it cannot be credited.';
export const CODE_NOT_PAID_TO_TUZO_MSG =
  'M-Pesa shows that this transaction was not a payment to Tuzo, so it cannot be credited. Please contact customer care.';
export const NO_NOTIFICATION_MSG =
  'No payment notification from the provider matches this code yet. Wait for it, or an operator credits an amount typed by hand';
