/**
 * The phone-changes module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/phone-changes/ import this file only; tests may reach inside.
 */
export { phoneChangeActions } from './phone-changes.actions.ts';
export {
  applyPhoneChange,
  erasePhoneChanges,
  mailPhoneChanged,
  payoutPhoneForRequest,
  phoneHoldRefusal,
  readWithdrawalHold,
  sendPhoneCode,
} from './phone-changes.service.ts';
