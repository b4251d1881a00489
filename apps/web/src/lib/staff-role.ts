import type { UserDetails } from '@tuzo/contracts';
import { useCurrentUser } from './session';

/** What the signed-in account may do in the console; the server checks the role again on every call. */
export interface StaffRole {
  /** An operator: decides, edits and exports (`isadmin` is true for operators only). */
  isOperator: boolean;
  /** Support staff: read the console, send nothing that moves money or changes settings. */
  isSupport: boolean;
  /** Either of the two: the console is open to them. */
  isStaff: boolean;
}

/** The one place that reads the account's role from its user details. */
export function staffRoleOf(details: Pick<UserDetails, 'isadmin' | 'role'>): StaffRole {
  const isOperator = Boolean(details.isadmin);
  const isSupport = details.role === 'support';
  return { isOperator, isSupport, isStaff: isOperator || isSupport || details.role === 'operator' };
}

/** The signed-in account's staff role (needs loaded user data, like useCurrentUser). */
export function useStaffRole(): StaffRole {
  return staffRoleOf(useCurrentUser().userdetails);
}
