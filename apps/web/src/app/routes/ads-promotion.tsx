import { AdsPage } from '@/features/ads';

/** Ads Promotion (/ads-promotion). */
export default function AdsPromotionRoute() {
  return <AdsPage />;
}
