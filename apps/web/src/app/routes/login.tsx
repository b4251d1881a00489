import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { authTexts } from '@/features/auth/texts';
import { useTexts } from '@/i18n';

/** /login, and every path that matches nothing while signed out. */
export default function LoginRoute() {
  const t = useTexts(authTexts);
  return (
    <AuthLayout title={t('loginTitle')} description={t('loginDescription')}>
      <LoginForm />
    </AuthLayout>
  );
}
