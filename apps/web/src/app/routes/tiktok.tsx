import { ComingSoon } from '@/components/coming-soon';

/** TikTok (/tiktok). Coming soon: another engineer replaces this file with the real screen. */
export default function TiktokRoute() {
  return <ComingSoon title="TikTok" />;
}
