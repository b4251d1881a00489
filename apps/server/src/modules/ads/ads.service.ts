import type { AdItem, AdStatus } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { toMemberString, type MemberCurrency } from '../wallets/index.ts';
import { itemsOnShow, loadTaskContext } from '../task-day/index.ts';
import { selectAdsForMember, type AdRow } from './ads.repository.ts';

/** The console edits the ads table through these (admin-content's content.service); the table is this module's. */

/** The ads table belongs to this module; the demo content (videos' demo-content.ts) adds its demo ads through these. */

/** An ad's `v_status`: the member's response of the day and what it earned them. */
export function adStatus(row: Pick<AdRow, 'liked' | 'message' | 'paidMinor'>, currency: MemberCurrency): AdStatus {
  return {
    res: row.liked !== null || row.message !== null,
    paid: toMemberString(row.paidMinor, currency),
    data: JSON.stringify({ liked: row.liked ?? false, message: row.message ?? '' }),
  };
}

/** `populateads`: today's 5 ads on show with the member's response and earnings; empty with a message on other days. */
export async function listAds(deps: AppDeps, memberId: bigint): Promise<{ ads: AdItem[]; msg: string }> {
  const context = await loadTaskContext(deps, { memberId, kind: 'ads' });
  const { availability, currency } = context;
  if (!availability.isOpen) return { ads: [], msg: availability.closedMessage };
  const ids = await itemsOnShow(deps, { day: availability.today, kind: 'ads' });
  const byId = new Map(
    (await selectAdsForMember(deps.db, { ids, memberId, day: availability.today })).map((row) => [row.id, row]),
  );
  const ads = ids.flatMap((id, index) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        v_id: id.toString(),
        v_name: row.name,
        v_url: row.imageUrl,
        v_link: row.link,
        No: index + 1,
        v_status: adStatus(row, currency),
      },
    ];
  });
  return { ads, msg: ads.length === 0 ? 'No ads on show today' : 'Ads loaded' };
}
