import { QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { signOut, staffHome, useUserData } from '@/lib/session';
import { staffRoleOf } from '@/lib/staff-role';
import { appTexts } from './app.texts';
import { dashboardRoute, shellRoute } from './member-routes';

/*
 * The signed-in app: its routes and the query client they use. It is its own chunk, loaded once a member is signed
 * in, so /login downloads neither TanStack Query nor the account gate (decision 058). Every route is its own chunk too.
 */
const AccessRoute = lazy(() => import('./routes/access'));
const ShellRoute = lazy(shellRoute.load);
const ActivationRoute = lazy(() => import('./routes/activation'));
const DashboardRoute = lazy(dashboardRoute.load);
const ProfileRoute = lazy(() => import('./routes/profile'));
const ShareRoute = lazy(() => import('./routes/share'));
const TasksRoute = lazy(() => import('./routes/tasks'));
const DailyBonusesRoute = lazy(() => import('./routes/daily-bonuses'));
const WelcomeBonusRoute = lazy(() => import('./routes/welcome-bonus'));
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const WithdrawRoute = lazy(() => import('./routes/withdraw'));
const DepositRoute = lazy(() => import('./routes/deposit'));
const WithdrawalHistoryRoute = lazy(() => import('./routes/withdrawal-history'));
const PayForClientRoute = lazy(() => import('./routes/pay-for-client'));
const SpinFreeRoute = lazy(() => import('./routes/spin-free'));
const SpinCasinoRoute = lazy(() => import('./routes/spin-casino'));
const CryptoRoute = lazy(() => import('./routes/crypto'));
const ForexRoute = lazy(() => import('./routes/forex'));
const AdsPromotionRoute = lazy(() => import('./routes/ads-promotion'));
const YoutubeRoute = lazy(() => import('./routes/youtube'));
const TiktokRoute = lazy(() => import('./routes/tiktok'));
const TriviaRoute = lazy(() => import('./routes/trivia'));
const MyTeamRoute = lazy(() => import('./routes/my-team'));
const AdminRoute = lazy(() => import('./routes/admin'));
const MyDataRoute = lazy(() => import('./routes/my-data'));
const StatementRoute = lazy(() => import('./routes/statement'));
const ConfirmEmailRoute = lazy(() => import('./routes/confirm-email'));

function ActiveMemberRoutes() {
  return (
    <Routes>
      <Route path="/access/:token?" element={<AccessRoute />} />
      <Route path="/confirm-email" element={<ConfirmEmailRoute />} />
      {/* The operator console has its own layout, outside the member shell. */}
      <Route path="/admin/*" element={<AdminRoute />} />
      <Route element={<ShellRoute />}>
        <Route path="/dashboard" element={<DashboardRoute />} />
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/user-profile" element={<ProfileRoute />} />
        <Route path="/share" element={<ShareRoute />} />
        <Route path="/tasks" element={<TasksRoute />} />
        <Route path="/daily-bonuses" element={<DailyBonusesRoute />} />
        <Route path="/welcome-bonus" element={<WelcomeBonusRoute />} />
        <Route path="/notifications" element={<NotificationsRoute />} />
        <Route path="/withdraw" element={<WithdrawRoute />} />
        <Route path="/deposit" element={<DepositRoute />} />
        <Route path="/withdrawal-history" element={<WithdrawalHistoryRoute />} />
        <Route path="/pay-for-client" element={<PayForClientRoute />} />
        <Route path="/spin/free" element={<SpinFreeRoute />} />
        <Route path="/spin/casino" element={<SpinCasinoRoute />} />
        <Route path="/crypto" element={<CryptoRoute />} />
        <Route path="/forex" element={<ForexRoute />} />
        <Route path="/ads-promotion" element={<AdsPromotionRoute />} />
        <Route path="/youtube" element={<YoutubeRoute />} />
        <Route path="/tiktok" element={<TiktokRoute />} />
        <Route path="/trivia" element={<TriviaRoute />} />
        <Route path="/my-team/:level" element={<MyTeamRoute />} />
        <Route path="/my-data" element={<MyDataRoute />} />
        <Route path="/statement" element={<StatementRoute />} />
        <Route path="*" element={<DashboardRoute />} />
      </Route>
    </Routes>
  );
}

/**
 * Staff (support and operator) are not members: they have the console only. Every member screen's actions would
 * refuse them (403), so any other path lands in the console: the money desk, or the two-factor enrolment page until
 * that is on (the login form sends them to the same place, so the two navigations agree; decision 019).
 */
function StaffRoutes({ isTotpEnrolled }: { isTotpEnrolled: boolean }) {
  return (
    <Routes>
      <Route path="/access/:token?" element={<AccessRoute />} />
      <Route path="/admin/*" element={<AdminRoute />} />
      <Route path="*" element={<Navigate to={staffHome(isTotpEnrolled)} replace />} />
    </Routes>
  );
}

function InactiveMemberRoutes() {
  return (
    <Routes>
      <Route path="/access/:token?" element={<AccessRoute />} />
      <Route path="/confirm-email" element={<ConfirmEmailRoute />} />
      <Route path="*" element={<ActivationRoute />} />
    </Routes>
  );
}

function UserDataFailed({ retry }: { retry: () => void }) {
  const t = useTexts(appTexts);
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-bold text-slate-900">{t('loadFailedTitle')}</h1>
      <p className="text-slate-600">{t('loadFailedBody')}</p>
      <div className="flex gap-2">
        <Button onClick={retry}>{t('tryAgain')}</Button>
        <Button variant="outline" onClick={() => signOut()}>
          {t('logout')}
        </Button>
      </div>
    </div>
  );
}

/** The account gate: signed out, staff (the console only), inactive member (activation only) or active member (the whole app). */
function AccountGate() {
  const user = useUserData();
  const t = useTexts(appTexts);
  if (!user.data)
    return user.isError ? <UserDataFailed retry={() => void user.refetch()} /> : <PageSpinner label={t('loadingAccount')} />;
  if (staffRoleOf(user.data.userdetails).isStaff) return <StaffRoutes isTotpEnrolled={user.data.userdetails.is_totp_enrolled} />;
  return user.data.userdetails.account_status ? <ActiveMemberRoutes /> : <InactiveMemberRoutes />;
}

/** The signed-in routes with the app's query client. */
export default function SignedInRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountGate />
    </QueryClientProvider>
  );
}
