import { ACCESS_REDIRECT_MS } from '@tuzo/contracts';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { ACCESS_TOKEN_KEY } from '@/lib/storage-keys';

/** /access/:token saves the token, then reloads to / after 1.5 s; without a token it goes to /. */
export default function AccessRoute() {
  const { token } = useParams();
  useEffect(() => {
    if (!token) return;
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    const timer = window.setTimeout(() => window.location.replace('/'), ACCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [token]);
  if (!token) return <Navigate to="/" replace />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Please wait</h1>
      <p className="text-slate-600" role="status">
        We are setting up your access...
      </p>
    </main>
  );
}
