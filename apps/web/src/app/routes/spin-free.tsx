import { ComingSoon } from '@/components/coming-soon';

/** Free Spin (/spin/free). Coming soon: another engineer replaces this file with the real screen. */
export default function SpinFreeRoute() {
  return <ComingSoon title="Free Spin" />;
}
