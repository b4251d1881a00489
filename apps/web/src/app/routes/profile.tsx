import { MyDataEntry } from '@/features/my-data';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useCurrentUser } from '@/lib/session';

/** /profile and /user-profile; below the profile, the way in to the member's data and account (decision 040). */
export default function ProfileRoute() {
  const { userdetails } = useCurrentUser();
  return (
    <>
      <ProfilePage details={userdetails} />
      <MyDataEntry />
    </>
  );
}
