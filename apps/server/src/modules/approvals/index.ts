/**
 * The approvals module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/approvals/ import this file only; tests may reach inside.
 */
export { approveRequest } from './approval-execution.ts';
export type { ApprovalRequestRow } from './approvals.repository.ts';
export {
  approvalRequestedAnswer,
  closePendingWithdrawalRequest,
  listApprovals,
  loadFourEyesThreshold,
  refuseOwnAccount,
  rejectRequest,
  requestApproval,
} from './approvals.service.ts';
export { readFourEyesStatus, requestChange } from './change-requests.ts';
export { countStaffMoney, runWithinFourEyesWindow } from './four-eyes-window.ts';
export type { StaffCredit, StaffMoneySource } from './four-eyes-window.ts';
export { findStaffCreators } from './staff-creators.ts';
