import { ComingSoon } from '@/components/coming-soon';

/** Forex (/forex). Coming soon: another engineer replaces this file with the real screen. */
export default function ForexRoute() {
  return <ComingSoon title="Forex" />;
}
