import { ComingSoon } from '@/components/coming-soon';

/** YouTube (/youtube). Coming soon: another engineer replaces this file with the real screen. */
export default function YoutubeRoute() {
  return <ComingSoon title="YouTube" />;
}
