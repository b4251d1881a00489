import { ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, IconCardTitle } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { myDataTexts } from '../texts';

/** The profile's way in to /my-data (the profile route places it under the profile page). */
export function MyDataEntry() {
  const t = useTexts(myDataTexts);
  return (
    <Card className="mx-auto mt-4 max-w-2xl">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <div>
            <IconCardTitle icon={ShieldCheck}>{t('entryTitle')}</IconCardTitle>
            <CardDescription>{t('entryBody')}</CardDescription>
          </div>
          <Link
            to="/my-data"
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('entryLink')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </CardHeader>
    </Card>
  );
}
