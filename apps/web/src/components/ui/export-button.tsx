import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, showErrorToast } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';
import { Button } from './button';

/** "Export CSV" for an operator list: the whole list with the current filters, streamed by the server. */
export function ExportButton({
  name,
  filters,
  label = 'Export CSV',
}: {
  name: string;
  filters: Record<string, string | number | boolean | undefined>;
  label?: string;
}) {
  const [isBusy, setIsBusy] = useState(false);
  async function run() {
    setIsBusy(true);
    try {
      await downloadCsv(name, filters);
      toast.success('Export downloaded');
    } catch (error) {
      showErrorToast(errorMessage(error, 'The export failed'));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} disabled={isBusy} aria-busy={isBusy}>
      <Download aria-hidden="true" />
      {isBusy ? 'Exporting…' : label}
    </Button>
  );
}
