/**
 * The trivia module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/trivia/ import this file only; tests may reach inside.
 */
export { importTrivia, listTrivia, retireTrivia, saveTrivia } from './admin-trivia.service.ts';
export { triviaActions } from './trivia.actions.ts';
export { seedTriviaQuestions } from './trivia.seed.ts';
