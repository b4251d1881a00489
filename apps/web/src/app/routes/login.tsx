import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

/** /login, and every path that matches nothing while signed out. */
export default function LoginRoute() {
  return (
    <AuthLayout title="Welcome back" description="Log in to your Tuzo account.">
      <LoginForm />
    </AuthLayout>
  );
}
