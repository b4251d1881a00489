import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/skeleton';
import { setSessionNavigator, useIsSignedIn } from '@/lib/session';
import { readAccessToken } from '@/lib/storage-keys';
import { preloadableRoute, preloadMemberStart } from './member-routes';

// Every route is its own chunk, so a phone downloads only the screen it opens. The signed-in routes, with TanStack
// Query, are one more chunk (signed-in.tsx): /login downloads none of them (decision 058).
const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const StaffEnrolRoute = lazy(() => import('./routes/staff-enrol'));
const AccessRoute = lazy(() => import('./routes/access'));
const ConfirmEmailRoute = lazy(() => import('./routes/confirm-email'));
// The signed-in routes mount once, with the shell and the first screen's chunks (loading in parallel) already here.
const signedInRoutes = preloadableRoute(() => import('./signed-in'));
const SignedInRoutes = lazy(() =>
  Promise.all([signedInRoutes.preload().catch(() => undefined), preloadMemberStart(window.location.pathname)]).then(() =>
    signedInRoutes.load(),
  ),
);
const QueryProvider = lazy(() => import('./query-provider'));

if (typeof window !== 'undefined' && readAccessToken()) {
  void signedInRoutes.preload().catch(() => undefined);
  void preloadMemberStart(window.location.pathname);
}

/** A signed-out screen that reads or sends through the query client (signup's countries); /login uses none. */
function withQuery(element: ReactNode) {
  return <QueryProvider>{element}</QueryProvider>;
}

/** Lets the session move to '/' on sign-out without a full reload. */
function SessionNavigator() {
  const navigate = useNavigate();
  useEffect(() => setSessionNavigator((path) => navigate(path, { replace: true })), [navigate]);
  return null;
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/signup" element={withQuery(<SignupRoute />)} />
      <Route path="/reg/:sponsor" element={withQuery(<SignupRoute />)} />
      <Route path="/forgot-password" element={withQuery(<ForgotPasswordRoute />)} />
      <Route path="/staff-enrol" element={withQuery(<StaffEnrolRoute />)} />
      <Route path="/access/:token?" element={withQuery(<AccessRoute />)} />
      <Route path="/confirm-email" element={withQuery(<ConfirmEmailRoute />)} />
      <Route path="*" element={<LoginRoute />} />
    </Routes>
  );
}

export function AppRouter() {
  const isSignedIn = useIsSignedIn();
  return (
    <BrowserRouter>
      <SessionNavigator />
      <Suspense fallback={<PageSpinner />}>{isSignedIn ? <SignedInRoutes /> : <SignedOutRoutes />}</Suspense>
    </BrowserRouter>
  );
}
