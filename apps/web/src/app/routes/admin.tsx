import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/skeleton';
import { ApprovalsPage } from '@/features/admin-approvals';
import { AuditPage } from '@/features/admin-audit';
import { ClosuresPage } from '@/features/admin-closures';
import { ConsoleLayout } from '@/features/admin-console';
import { ContentPage } from '@/features/admin-content';
import { MemberPage, MembersSearch } from '@/features/admin-members';
import { MoneyPage } from '@/features/admin-money';
import { PayoutsPage } from '@/features/admin-payouts';
import { SettingsPage } from '@/features/admin-settings';
import { SecurityPage, StaffPage } from '@/features/admin-staff';
import { useCurrentUser } from '@/lib/session';
import { useStaffRole } from '@/lib/staff-role';

/** The overview and its chart library load only when the overview opens. */
const OverviewPage = lazy(() => import('@/features/admin-overview').then((module) => ({ default: module.OverviewPage })));
/** The jobs page, in its own chunk: operators open it rarely. */
const JobsPage = lazy(() => import('@/features/admin-jobs').then((module) => ({ default: module.JobsPage })));
/** The clusters page (issue 27), in its own chunk. */
const ClustersPage = lazy(() => import('@/features/admin-clusters').then((module) => ({ default: module.ClustersPage })));

function MemberRoute() {
  const { username = '' } = useParams();
  return <MemberPage key={username} username={username} />;
}

/**
 * The operator console (/admin/*): its own layout and navigation, in its own chunk (members never download it).
 * /admin opens the money desk, as it always has.
 */
export default function AdminRoute() {
  const { userdetails } = useCurrentUser();
  const { isStaff } = useStaffRole();
  // Operators and support staff (the server checks the role, and two-factor sign-in, on every call).
  if (!isStaff) {
    return (
      <p role="alert" className="m-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        This page is for staff only.
      </p>
    );
  }
  return (
    <ConsoleLayout username={userdetails.uname}>
      <Routes>
        <Route index element={<MoneyPage />} />
        <Route
          path="overview"
          element={
            <Suspense fallback={<PageSpinner label="Loading the overview" />}>
              <OverviewPage />
            </Suspense>
          }
        />
        <Route path="money" element={<MoneyPage />} />
        <Route path="payouts" element={<PayoutsPage />} />
        <Route path="approvals" element={<ApprovalsPage />} />
        <Route path="members" element={<MembersSearch />} />
        <Route path="members/:username" element={<MemberRoute />} />
        <Route path="content" element={<ContentPage />} />
        <Route path="closures" element={<ClosuresPage />} />
        <Route
          path="clusters/*"
          element={
            <Suspense fallback={<PageSpinner label="Loading the clusters" />}>
              <ClustersPage />
            </Suspense>
          }
        />
        <Route path="staff" element={<StaffPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route
          path="jobs"
          element={
            <Suspense fallback={<PageSpinner label="Loading the jobs" />}>
              <JobsPage />
            </Suspense>
          }
        />
        <Route path="security" element={<SecurityPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<MoneyPage />} />
      </Routes>
    </ConsoleLayout>
  );
}
