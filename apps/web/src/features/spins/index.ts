export { CasinoSpinPanel } from './components/casino-spin-panel';
export { SelfExclusion } from './components/casino-guardrails';
export { FreeSpinPanel } from './components/free-spin-panel';
export { SpinScreen } from './components/spin-screen';
export { spinsTexts } from './texts';
