import { ComingSoon } from '@/components/coming-soon';

/** Share (/share). Coming soon: another engineer replaces this file with the real screen. */
export default function ShareRoute() {
  return <ComingSoon title="Share" />;
}
