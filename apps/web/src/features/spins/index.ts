export { CasinoSpinPanel } from './components/casino-spin-panel';
export { SelfExclusion } from './components/casino-guardrails';
export { FairnessPanel } from './components/fairness-panel';
export { FreeSpinPanel } from './components/free-spin-panel';
export { SpinHistory } from './components/spin-history';
export { SpinOdds } from './components/spin-odds';
export { spinsTexts } from './texts';
