/**
 * The password-reset module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/password-reset/ import this file only; tests may reach inside.
 */
export { queueMail } from './mailer.ts';
export { passwordResetActions } from './password-reset.actions.ts';
export { eraseMemberResets, issueResetToken, mailResetLink } from './password-reset.service.ts';
