import { ComingSoon } from '@/components/coming-soon';

/** Ads Promotion (/ads-promotion). Coming soon: another engineer replaces this file with the real screen. */
export default function AdsPromotionRoute() {
  return <ComingSoon title="Ads Promotion" />;
}
