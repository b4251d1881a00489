import { StaffPage } from '@/features/admin-staff';

/** Staff accounts (/admin/staff), operators only (the server checks every call). */
export default function AdminStaffRoute() {
  return <StaffPage />;
}
