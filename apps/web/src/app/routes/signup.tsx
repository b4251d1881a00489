import { useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';

/** /signup, and /reg/:sponsor where the sponsor is sent as upline. */
export default function SignupRoute() {
  const { sponsor } = useParams();
  return (
    <AuthLayout title="Create your account" description="Join Tuzo and start earning today.">
      <SignupForm sponsor={sponsor?.trim() || undefined} />
    </AuthLayout>
  );
}
