import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { useAds } from '../api/get-ads';
import { adsTexts } from '../texts';
import { AdCard } from './ad-card';

/** Ads promotion: the notice with the days, "View Available Ads" when ads were loaded, then the grid. */
export function AdsPage() {
  const query = useAds();
  const t = useTexts(adsTexts);
  const [isListOpen, setListOpen] = useState(false);
  const ads = query.data?.ads ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <TitledCard title={t('title')} description={t('description')} contentClassName="flex flex-col gap-3">
        {query.data?.msg && ads.length === 0 ? <p className="text-sm text-slate-600">{query.data.msg}</p> : null}
        {ads.length > 0 && !isListOpen ? (
          <Button className="self-start" onClick={() => setListOpen(true)}>
            {t('view')}
          </Button>
        ) : null}
      </TitledCard>
      {isListOpen ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ads.map((ad) => (
            <AdCard key={ad.v_id} ad={ad} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
