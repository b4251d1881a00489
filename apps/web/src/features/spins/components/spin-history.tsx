import { verifyDraw, type SpinHistoryRow } from '@tuzo/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { formatMoney } from '@/lib/money';
import { SPIN_HISTORY_PAGE_SIZE, useSpinHistory } from '../api/get-spin-history';

type Verdict = { ok: boolean; text: string };

/**
 * Recomputes a past draw in the browser with Web Crypto: SHA-256 of the revealed seed must equal the hash shown
 * before the spin, and HMAC-SHA256(seed, "client seed:nonce") on the wheel's weights must give the segment drawn.
 */
async function verifyRow(row: SpinHistoryRow): Promise<Verdict> {
  if (!row.server_seed) return { ok: false, text: 'Reveal the seed first' };
  const { serverSeedHash, segment } = await verifyDraw({
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    weights: row.table.map((s) => s.weight),
  });
  if (serverSeedHash !== row.server_seed_hash) return { ok: false, text: 'Seed hash does not match' };
  if (segment !== row.segment) return { ok: false, text: `Draw gives segment ${segment + 1}, not ${row.segment + 1}` };
  return { ok: true, text: `Verified: segment ${segment + 1} (${row.table[segment]?.figure ?? ''})` };
}

function VerifyCell({ row }: { row: SpinHistoryRow }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  if (!row.server_seed) return <span className="text-xs text-slate-500">After seed reveal</span>;
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
      onClick={() =>
        void verifyRow(row).then(setVerdict, () => setVerdict({ ok: false, text: 'Could not verify in this browser' }))
      }
    >
      Verify
    </Button>
  );
}

/** The member's spins with their seeds; each revealed draw can be verified here. */
export function SpinHistory() {
  const [page, setPage] = useState(1);
  const history = useSpinHistory(page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SPIN_HISTORY_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="spin-history" className="flex flex-col gap-2" data-testid="spin-history">
      <h2 id="spin-history" className="text-base font-semibold text-slate-900">
        Spin history
      </h2>
      {!data || data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          {history.isError ? 'Failed to load spin history' : history.isPending ? 'Loading…' : 'No spins yet'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="px-2 py-1 font-medium">Time</th>
                <th className="px-2 py-1 font-medium">Kind</th>
                <th className="px-2 py-1 text-right font-medium">Stake</th>
                <th className="px-2 py-1 text-right font-medium">Figure</th>
                <th className="px-2 py-1 text-right font-medium">Win</th>
                <th className="px-2 py-1 font-medium">Seed (nonce)</th>
                <th className="px-2 py-1 font-medium">Check</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 align-top" data-testid="spin-history-row">
                  <td className="px-2 py-1.5 whitespace-nowrap">{new Date(row.time).toLocaleString()}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap capitalize">{row.kind}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">
                    {row.kind === 'free' ? '-' : formatMoney(row.stake, row.currency)}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">
                    {row.kind === 'casino' ? `x${row.figure}` : row.figure}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-right tabular-nums">{formatMoney(row.win, row.currency)}</td>
                  <td
                    className="px-2 py-1.5 whitespace-nowrap font-mono text-xs"
                    title={`SHA-256 ${row.server_seed_hash}, client seed ${row.client_seed}`}
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
      <Pager page={page} pages={pages} noun="spins" className="pt-1" onPageChange={setPage} />
    </section>
  );
}
