import { AdminWithdrawalsPanel, ReviewCodesPanel } from '@/features/admin';
import { useCurrentUser } from '@/lib/session';

/** The operator's money desk (/admin): withdrawals to decide and manual deposit codes to review. */
export default function AdminRoute() {
  const { userdetails } = useCurrentUser();
  if (!userdetails.isadmin) {
    return (
      <p role="alert" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        This page is for operators only.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <AdminWithdrawalsPanel />
      <ReviewCodesPanel />
    </div>
  );
}
