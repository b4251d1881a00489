/**
 * The members kernel: the one way other modules write the `members` table (members and staff accounts) and read an
 * account's credentials. The table's rules live in the callers that decide (registration, activation, an operator's
 * member changes, staff administration, two-factor sign-in, the seed); the SQL lives here, so a column has one writer
 * (docs/decisions/027-owners-and-kernel.md). Call each with the transaction of the change it belongs to.
 *
 * Accounts: `insertMember` (a member, or the seed's house account and bootstrap operator), `insertStaff` (a support
 * or operator account), `setOperatorPassword` (the bootstrap operator's configured password), `setDisabledAt`,
 * `setStaffRole`, `setStaffRequestedBy` (decision 044).
 * Sign-in: `selectMemberByCredential`, `selectMemberCredentialById`, `updatePasswordHash`. Names: `selectMemberName`.
 * Status, details, tree: `setMemberStatus`, `updateMemberDetails`, `shiftChain`.
 * Language and SMS choices: `selectSmsPreferences`, `updateSmsPreferences` (migration 0400).
 * A member's data rights (decision 040): `selectMemberContact`, `selectContactOwner`, `pseudonymiseMember`.
 * Two-factor sign-in: `storePendingSecret`, `enableTotp`, `claimTotpStep`, `clearTotp`, and at start
 * `selectTotpSecretsToSeal`, `updateTotpSecret`, `validateSealedConstraint`.
 */
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
  storePendingSecret,
  updateMemberDetails,
  updatePasswordHash,
  updateSmsPreferences,
  updateTotpSecret,
  validateSealedConstraint,
  type CredentialRow,
  type NewMember,
  type SmsPreferencesRow,
  type StaffAccountRow,
} from './members.repository.ts';
export {
  pseudonymiseMember,
  selectContactOwner,
  selectMemberContact,
  type MemberContactRow,
} from './member-privacy.repository.ts';
