import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { errorMessage, failureText } from '@/lib/api-client';
import { useTexts } from '@/i18n';
import { getMyData, saveFile } from '../api/my-data';
import { myDataTexts } from '../texts';

/** "Download my data": JSON or one CSV (section, row, field, value), saved as a file. */
export function DownloadCard() {
  const t = useTexts(myDataTexts);
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const download = async (format: 'json' | 'csv') => {
    setBusy(format);
    try {
      saveFile(await getMyData(format));
      toast.success(t('downloaded'));
    } catch (error) {
      const message = failureText(error, { failed: t('downloadFailed'), thrown: errorMessage(error, t('downloadFailed')) });
      if (message) toast.error(message, { id: `error:${message}` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <TitledCard title={t('downloadTitle')} description={t('downloadBody')} contentClassName="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {(['json', 'csv'] as const).map((format) => (
          <Button key={format} variant="outline" disabled={busy !== null} onClick={() => void download(format)}>
            <Download aria-hidden="true" />
            {busy === format ? t('downloading') : t(format === 'json' ? 'downloadJson' : 'downloadCsv')}
          </Button>
        ))}
      </div>
      <p className="text-xs text-slate-600">{t('downloadCsvHint')}</p>
    </TitledCard>
  );
}
