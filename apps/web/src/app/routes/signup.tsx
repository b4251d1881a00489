import { useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';
import { authTexts } from '@/features/auth/texts';
import { useReferralVisit } from '@/features/referral-stats/api/record-referral-visit';
import { useTexts } from '@/i18n';

/** /signup, and /reg/:sponsor where the sponsor is sent as upline and the link's visit is counted (decision 060). */
export default function SignupRoute() {
  const { sponsor } = useParams();
  const t = useTexts(authTexts);
  useReferralVisit(sponsor?.trim() || undefined);
  return (
    <AuthLayout title={t('signupTitle')} description={t('signupDescription')}>
      <SignupForm sponsor={sponsor?.trim() || undefined} />
    </AuthLayout>
  );
}
