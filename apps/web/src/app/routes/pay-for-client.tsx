import { ComingSoon } from '@/components/coming-soon';

/** Pay For Client (/pay-for-client). Coming soon: another engineer replaces this file with the real screen. */
export default function PayForClientRoute() {
  return <ComingSoon title="Pay For Client" />;
}
