/**
 * The audit module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/audit/ import this file only; tests may reach inside.
 */
export { saveAudited, setActiveAudited } from './admin-edits.ts';
export type { AuditedSubject, OperatorStamp } from './admin-edits.ts';
export { selectAuditActions, selectAuditPage, selectMemberIdByUsername, startOfDayIn } from './audit-log.repository.ts';
export type { AuditFilter } from './audit-log.repository.ts';
export { writeAudit, writeOwnChangeAudit } from './audit.service.ts';
