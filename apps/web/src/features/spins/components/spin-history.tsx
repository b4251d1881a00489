import { verifyDraw, type SpinHistoryRow } from '@tuzo/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { translate, useTexts } from '@/i18n';
import { formatMoney } from '@/lib/money';
import { SPIN_HISTORY_PAGE_SIZE, useSpinHistory } from '../api/get-spin-history';
import { spinsTexts } from '../texts';

type Verdict = { ok: boolean; text: string };

/**
 * Recomputes a past draw in the browser with Web Crypto: SHA-256 of the revealed seed must equal the hash shown
 * before the spin, and HMAC-SHA256(seed, "client seed:nonce") on the wheel's weights must give the segment drawn.
 */
async function verifyRow(row: SpinHistoryRow): Promise<Verdict> {
  if (!row.server_seed) return { ok: false, text: translate(spinsTexts, 'revealFirst') };
  const { serverSeedHash, segment } = await verifyDraw({
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    weights: row.table.map((s) => s.weight),
  });
  if (serverSeedHash !== row.server_seed_hash) return { ok: false, text: translate(spinsTexts, 'hashMismatch') };
  if (segment !== row.segment) {
    return { ok: false, text: translate(spinsTexts, 'drawMismatch', { got: segment + 1, expected: row.segment + 1 }) };
  }
  const figure = row.table[segment]?.figure ?? '';
  return { ok: true, text: translate(spinsTexts, 'verified', { segment: segment + 1, figure }) };
}

function VerifyCell({ row }: { row: SpinHistoryRow }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const t = useTexts(spinsTexts);
  if (!row.server_seed) return <span className="text-xs text-slate-500">{t('afterReveal')}</span>;
  if (verdict) {
    return (
      <span role="status" className={verdict.ok ? 'text-xs font-medium text-green-700' : 'text-xs font-medium text-red-700'}>
        {verdict.text}
      </span>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void verifyRow(row).then(setVerdict, () => setVerdict({ ok: false, text: t('verifyFailed') }))}
    >
      {t('verify')}
    </Button>
  );
}

/** The member's spins with their seeds; each revealed draw can be verified here. */
export function SpinHistory() {
  const [page, setPage] = useState(1);
  const t = useTexts(spinsTexts);
  const history = useSpinHistory(page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SPIN_HISTORY_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="spin-history" className="flex flex-col gap-2" data-testid="spin-history">
      <h2 id="spin-history" className="text-base font-semibold text-slate-900">
        {t('historyTitle')}
      </h2>
      {!data || data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          {history.isError ? t('historyFailed') : history.isPending ? t('loading') : t('noSpins')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="px-2 py-1 font-medium">{t('colTime')}</th>
                <th className="px-2 py-1 font-medium">{t('colKind')}</th>
                <th className="px-2 py-1 text-right font-medium">{t('colStake')}</th>
                <th className="px-2 py-1 text-right font-medium">{t('colFigure')}</th>
                <th className="px-2 py-1 text-right font-medium">{t('colWin')}</th>
                <th className="px-2 py-1 font-medium">{t('colSeed')}</th>
                <th className="px-2 py-1 font-medium">{t('colCheck')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 align-top" data-testid="spin-history-row">
                  <td className="px-2 py-1.5 whitespace-nowrap">{new Date(row.time).toLocaleString()}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap capitalize">
                    {row.kind === 'free' ? t('kindFree') : t('kindCasino')}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">
                    {row.kind === 'free' ? '-' : formatMoney(row.stake, row.currency)}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">
                    {row.kind === 'casino' ? `x${row.figure}` : row.figure}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">{formatMoney(row.win, row.currency)}</td>
                  <td
                    className="px-2 py-1.5 whitespace-nowrap font-mono text-xs"
                    title={t('seedTitle', { hash: row.server_seed_hash, seed: row.client_seed })}
                  >
                    {row.server_seed_hash.slice(0, 10)}… ({row.nonce})
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    <VerifyCell row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} noun={t('pagerNoun')} className="pt-1" onPageChange={setPage} />
    </section>
  );
}
