/**
 * The admin-members module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/admin-members/ import this file only; tests may reach inside.
 */
export { adminMembersActions } from './admin-members.actions.ts';
export type { MemberListRow } from './admin-members.repository.ts';
export { findMemberById, findTargetMember } from './admin-members.service.ts';
export { changeUpline } from './change-upline.service.ts';
export { recordManualDeposit } from './manual-deposit.service.ts';
export { memberListQuery } from './member-list-query.ts';
export { executeMemberPhone } from './member-phone.service.ts';
