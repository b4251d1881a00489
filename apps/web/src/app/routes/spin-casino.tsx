import { ComingSoon } from '@/components/coming-soon';

/** Casino Spin (/spin/casino). Coming soon: another engineer replaces this file with the real screen. */
export default function SpinCasinoRoute() {
  return <ComingSoon title="Casino Spin" />;
}
