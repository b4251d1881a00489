import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { useTexts } from '@/i18n';
import { authLayoutTexts } from './auth-layout.texts';

/** The side image of the signed-out area, drawn inline so nothing is fetched over the network. */
function SideArt() {
  const t = useTexts(authLayoutTexts);
  return (
    <div
      aria-hidden="true"
      className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 lg:block"
    >
      <svg className="absolute inset-0 size-full" viewBox="0 0 600 800" preserveAspectRatio="xMidYMid slice">
        <defs>
          <radialGradient id="glow" cx="70%" cy="25%" r="60%">
            <stop offset="0" stopColor="#fbbf24" stopOpacity="0.45" />
            <stop offset="1" stopColor="#fbbf24" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="600" height="800" fill="url(#glow)" />
        <g fill="none" stroke="#99f6e4" strokeOpacity="0.25" strokeWidth="2">
          <circle cx="300" cy="420" r="120" />
          <circle cx="300" cy="420" r="200" />
          <circle cx="300" cy="420" r="280" />
        </g>
        <g fill="#ccfbf1">
          <circle cx="300" cy="420" r="34" fill="#fbbf24" />
          <circle cx="180" cy="330" r="16" />
          <circle cx="430" cy="350" r="16" />
          <circle cx="210" cy="540" r="16" />
          <circle cx="400" cy="560" r="16" />
          <circle cx="120" cy="200" r="10" opacity="0.7" />
          <circle cx="500" cy="220" r="10" opacity="0.7" />
          <circle cx="90" cy="620" r="10" opacity="0.7" />
          <circle cx="520" cy="650" r="10" opacity="0.7" />
        </g>
        <g stroke="#ccfbf1" strokeOpacity="0.5" strokeWidth="2">
          <path d="M300 420 L180 330 M300 420 L430 350 M300 420 L210 540 M300 420 L400 560" />
          <path d="M180 330 L120 200 M430 350 L500 220 M210 540 L90 620 M400 560 L520 650" strokeOpacity="0.3" />
        </g>
      </svg>
      <div className="absolute inset-x-0 bottom-0 p-10 text-white">
        <p className="text-3xl font-bold leading-tight">{t('headline')}</p>
        <p className="mt-3 max-w-md text-brand-100">{t('tagline')}</p>
      </div>
    </div>
  );
}

/**
 * Two-column layout of the signed-out area: the brand area with the form, and the side image. The language switch
 * sits beside the brand on every signed-out screen (login, signup, password reset); the choice stays in this browser.
 */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="flex size-9 items-center justify-center rounded-lg bg-brand-700 text-lg font-black text-white"
            aria-hidden="true"
          >
            T
          </span>
          <span className="text-xl font-bold tracking-tight text-brand-900">Tuzo</span>
          <LanguageSwitch className="ml-auto" />
        </div>
        <main className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-sm">
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </main>
        <p className="text-center text-xs text-slate-500">&copy; {new Date().getFullYear()} Tuzo</p>
      </div>
      <SideArt />
    </div>
  );
}
