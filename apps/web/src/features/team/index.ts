export { AffiliateLinkCard } from './components/affiliate-link-card';
export { TeamLevelView } from './components/team-level-view';
export { TeamPowerTable } from './components/team-power-table';
export { teamTexts } from './texts';
