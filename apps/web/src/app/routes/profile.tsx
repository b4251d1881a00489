import { ProfilePage } from '@/features/profile/components/profile-page';
import { useCurrentUser } from '@/lib/session';

/** /profile and /user-profile. */
export default function ProfileRoute() {
  return <ProfilePage details={useCurrentUser().userdetails} />;
}
