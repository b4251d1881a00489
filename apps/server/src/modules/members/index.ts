/**
 * The members module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/members/ import this file only; tests may reach inside.
 */
export { pseudonymiseMember, selectContactOwner, selectMemberContact } from './member-privacy.repository.ts';
export type { MemberContactRow } from './member-privacy.repository.ts';
export {
  claimTotpStep,
  clearTotp,
  enableTotp,
  insertMember,
  insertStaff,
  selectMemberByCredential,
  selectMemberCredentialById,
  selectMemberName,
  selectSmsPreferences,
  selectTotpSecretsToSeal,
  setDisabledAt,
  setMemberStatus,
  setOperatorPassword,
  setStaffRequestedBy,
  setStaffRole,
  shiftChain,
  staffAccountColumns,
  storePendingSecret,
  updateMemberDetails,
  updatePasswordHash,
  updateSmsPreferences,
  updateTotpSecret,
  validateSealedConstraint,
} from './members.repository.ts';
export type { CredentialRow, SmsPreferencesRow, StaffAccountRow } from './members.repository.ts';
