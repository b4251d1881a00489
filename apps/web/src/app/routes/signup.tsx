import { useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';
import { authTexts } from '@/features/auth/texts';
import { useTexts } from '@/i18n';

/** /signup, and /reg/:sponsor where the sponsor is sent as upline. */
export default function SignupRoute() {
  const { sponsor } = useParams();
  const t = useTexts(authTexts);
  return (
    <AuthLayout title={t('signupTitle')} description={t('signupDescription')}>
      <SignupForm sponsor={sponsor?.trim() || undefined} />
    </AuthLayout>
  );
}
