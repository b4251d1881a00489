import type { LessonKind } from '@tuzo/contracts';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTexts } from '@/i18n';
import { lessonsTexts } from '../texts';

/** How long the provider may take to answer before the charts are reported unreachable. */
const PROBE_TIMEOUT_MS = 8000;
/** A small image from the chart provider: img-src allows https, connect-src does not, so an image is the probe. */
const PROBE_URL = 'https://www.tradingview.com/favicon.ico';

const CHART_SYMBOLS: Record<LessonKind, string> = { forex: 'FX:EURUSD', crypto: 'BITSTAMP:BTCUSD' };

function chartUrl(kind: LessonKind): string {
  const params = new URLSearchParams({
    symbol: CHART_SYMBOLS[kind],
    interval: '60',
    theme: 'light',
    style: '1',
    locale: 'en',
    hide_side_toolbar: '1',
  });
  return `https://s.tradingview.com/widgetembed/?${params.toString()}`;
}

function screenerUrl(): string {
  const options = {
    width: '100%',
    height: '100%',
    defaultColumn: 'overview',
    screener_type: 'crypto_mkt',
    displayCurrency: 'USD',
    colorTheme: 'light',
    locale: 'en',
  };
  return `https://www.tradingview-widget.com/embed-widget/screener/?locale=en#${encodeURIComponent(JSON.stringify(options))}`;
}

type Status = 'checking' | 'online' | 'offline';

/** Resolves 'online' when the provider answers within the timeout, else 'offline'. */
function probeProvider(onResult: (status: Status) => void): () => void {
  if (!navigator.onLine) {
    onResult('offline');
    return () => undefined;
  }
  const image = new Image();
  const timer = window.setTimeout(() => finish('offline'), PROBE_TIMEOUT_MS);
  let done = false;
  function finish(status: Status) {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    image.onload = null;
    image.onerror = null;
    onResult(status);
  }
  image.onload = () => finish('online');
  image.onerror = () => finish('offline');
  image.src = `${PROBE_URL}?t=${Date.now()}`;
  return () => finish('checking');
}

/**
 * Live market charts from a third party (spec part 2, "Forex and Crypto education"), loaded only when this view
 * opens. Without internet (the browser says offline, or the provider does not answer) the view says so and offers a
 * retry; nothing else on the page depends on it.
 */
export function MarketCharts({ kind }: { kind: LessonKind }) {
  const [status, setStatus] = useState<Status>('checking');
  const [attempt, setAttempt] = useState(0);
  const t = useTexts(lessonsTexts);
  useEffect(() => {
    setStatus('checking');
    return probeProvider((next) => {
      if (next !== 'checking') setStatus(next);
    });
  }, [attempt]);

  if (status === 'checking') return <Skeleton className="h-[420px] w-full" aria-label={t('loadingCharts')} />;
  if (status === 'offline') {
    return (
      <Alert tone="warning" data-testid="charts-offline">
        <div className="flex flex-col gap-3">
          <span className="flex items-center gap-2 font-semibold">
            <WifiOff className="size-4 shrink-0" aria-hidden="true" />
            {t('chartsOffline')}
          </span>
          <span>{t('checkConnection')}</span>
          <Button variant="outline" size="sm" className="self-start" onClick={() => setAttempt((n) => n + 1)}>
            <RefreshCw aria-hidden="true" />
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="charts-live">
      <iframe
        title={t('chart', { pair: kind === 'forex' ? 'EUR/USD' : 'BTC/USD' })}
        src={chartUrl(kind)}
        className="h-[420px] w-full rounded-lg border border-slate-200"
        loading="lazy"
      />
      {kind === 'crypto' ? (
        <iframe
          title={t('screener')}
          src={screenerUrl()}
          className="h-[520px] w-full rounded-lg border border-slate-200"
          loading="lazy"
        />
      ) : null}
    </div>
  );
}
