/**
 * The staff module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/staff/ import this file only; tests may reach inside.
 */
export { executeStaffDisabled, executeStaffRole, executeStaffTotpReset } from './staff-changes.service.ts';
export { staffActions } from './staff.actions.ts';
export { executeStaffCreate } from './staff.service.ts';
