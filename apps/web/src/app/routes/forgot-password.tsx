import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /forgot-password asks for a reset link; with ?token=... it sets the new password. */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <AuthLayout title="Choose a new password" description="Enter and confirm your new password.">
      <ResetPasswordForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title="Forgot your password?" description="Enter your username or email and we will send you a reset link.">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
