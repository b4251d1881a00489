import { TriviaGame } from '@/features/trivia';

/** Trivia (/trivia): the intro, a round of questions against the clock, the result. */
export default function TriviaRoute() {
  return <TriviaGame />;
}
