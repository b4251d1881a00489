/**
 * The clusters module's front door (decision 062): commission holds inside multi-account clusters, the console's
 * cluster decisions and the members' review requests. Files outside modules/clusters/ import this file only; tests
 * may reach inside.
 */
import { adminClustersActions } from './admin-clusters.actions.ts';
import { memberHoldsActions } from './member-holds.actions.ts';

export const clustersActions = [...adminClustersActions, ...memberHoldsActions];
export { executeClusterDecision } from './admin-decide.service.ts';
export { listOpenReviewNotices } from './admin-notices.service.ts';
export { unwindHeldCommission } from './admin-unwind.service.ts';
export { heldCommissionMessage, holdCommission, holdingCluster } from './holds.service.ts';
