import { ComingSoon } from '@/components/coming-soon';

/** Crypto (/crypto). Coming soon: another engineer replaces this file with the real screen. */
export default function CryptoRoute() {
  return <ComingSoon title="Crypto" />;
}
