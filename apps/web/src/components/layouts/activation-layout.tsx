import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/i18n';
import { signOut } from '@/lib/session';
import { DemoBanner } from './demo-banner';
import { shellTexts } from './shell.texts';

/** What an inactive member sees: the brand, a Logout button and the activation page. */
export function ActivationLayout({ children }: { children: ReactNode }) {
  const t = useTexts(shellTexts);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
        <div className="flex items-center gap-2">
          <span
            className="flex size-8 items-center justify-center rounded-lg bg-brand-700 font-black text-white"
            aria-hidden="true"
          >
            T
          </span>
          <span className="text-lg font-bold text-brand-900">Tuzo</span>
        </div>
        <Button variant="outline" size="sm" onClick={() => signOut()}>
          <LogOut aria-hidden="true" />
          {t('logout')}
        </Button>
      </header>
      <DemoBanner />
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-6">{children}</main>
    </div>
  );
}
