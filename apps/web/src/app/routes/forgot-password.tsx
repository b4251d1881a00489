import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { authTexts } from '@/features/auth/texts';
import { useTexts } from '@/i18n';

/** /forgot-password asks for a reset link; with ?token=... it sets the new password. */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const t = useTexts(authTexts);
  return token ? (
    <AuthLayout title={t('resetTitle')} description={t('resetDescription')}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={t('forgotLink')} description={t('forgotDescription')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
