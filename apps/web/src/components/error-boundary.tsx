import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '@/i18n';
import { appMessagesTexts } from './app-messages.texts';

interface State {
  error: Error | null;
}

/** Catches render errors, including a route chunk that failed to download on a weak connection. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-xl font-bold text-slate-900">{translate(appMessagesTexts, 'errorTitle')}</h1>
        <p className="max-w-sm text-slate-600">{translate(appMessagesTexts, 'errorBody')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white"
        >
          {translate(appMessagesTexts, 'reload')}
        </button>
      </div>
    );
  }
}
