import { ComingSoon } from '@/components/coming-soon';

/** Trivia (/trivia). Coming soon: another engineer replaces this file with the real screen. */
export default function TriviaRoute() {
  return <ComingSoon title="Trivia" />;
}
