import type { DbOrTx } from '../../db/client.ts';
import { EAST_AFRICA, GENERAL_KNOWLEDGE, MONEY_BASICS, type DemoQuestion } from './content/demo-questions.ts';
import { insertSeedQuestions } from './trivia.repository.ts';

/** The demo bank with stable seed keys; the right answer takes positions 1 to 4 in turn. */
export function demoQuestionRows(): { seedKey: string; question: string; options: string[]; correct: number }[] {
  const groups: [string, readonly DemoQuestion[]][] = [
    ['general', GENERAL_KNOWLEDGE],
    ['east-africa', EAST_AFRICA],
    ['money', MONEY_BASICS],
  ];
  return groups.flatMap(([group, questions]) =>
    questions.map(([question, right, ...wrong], index) => {
      const position = index % 4;
      const options = [...wrong];
      options.splice(position, 0, right);
      return { seedKey: `demo:${group}:${index + 1}`, question, options, correct: position + 1 };
    }),
  );
}

/**
 * Start-up step: the demo questions, inserted once by seed key (a restart adds nothing; an operator's edit or
 * deactivation of a demo question is never undone).
 */
export async function seedTriviaQuestions(db: DbOrTx): Promise<number> {
  return insertSeedQuestions(db, demoQuestionRows());
}
