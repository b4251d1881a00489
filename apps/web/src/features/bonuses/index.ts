export { DailyBonusCard } from './components/daily-bonus-card';
export { WelcomeBonusCard } from './components/welcome-bonus-card';
