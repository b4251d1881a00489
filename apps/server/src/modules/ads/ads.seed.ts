import type { DbOrTx } from '../../db/client.ts';
import { countAds, insertAd } from './ads.repository.ts';

const AD_NAMES = [
  'Jua Solar Lamps',
  'Maji Safi Water',
  'Kilimo Seeds',
  'Safari Shoes',
  'Chai Bora Tea',
  'Mwangaza Books',
  'Boda Helmets',
  'Nyumba Paints',
  'Tuzo Academy',
  'Pwani Fresh Juice',
];

/** Seeds the 10 demo ads (images under /media/demo/ads/) when there is none (inside the caller's locked transaction). */
export async function seedDemoAds(tx: DbOrTx): Promise<number> {
  if ((await countAds(tx)) > 0) return 0;
  for (const [i, name] of AD_NAMES.entries()) {
    await insertAd(tx, { name, imageUrl: `/media/demo/ads/ad-${String(i + 1).padStart(2, '0')}.svg`, link: null });
  }
  return AD_NAMES.length;
}
