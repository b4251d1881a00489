import { SecurityPage } from '@/features/admin-staff';

/** Two-factor sign-in enrolment for staff (/admin/security). */
export default function AdminSecurityRoute() {
  return <SecurityPage />;
}
