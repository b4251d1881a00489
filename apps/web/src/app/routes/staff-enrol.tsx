import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { StaffEnrolForm } from '@/features/admin-staff';

/** /staff-enrol?token=...: a new staff member sets their own password (decision 044). */
export default function StaffEnrolRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Set up your staff account" description="One-time link from the operator who asked for your account">
      <StaffEnrolForm token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
