/**
 * The sms module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/sms/ import this file only; tests may reach inside.
 */
export { activationSms, commissionSms, smsAmount, withdrawalSms } from './money-sms.ts';
export { eraseMemberSms } from './sms-erasure.repository.ts';
export { smsActions } from './sms.actions.ts';
export { enqueueSms, queueBroadcastPromotion } from './sms.service.ts';
export { registerSmsDeliveryHook, startSms } from './sms.startup.ts';
