export { TriviaGame } from './components/trivia-game';
