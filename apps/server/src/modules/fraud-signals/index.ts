/**
 * The fraud-signals module's front door (kernel, decision 049; decision 061): signals seen of members (keyed hashes)
 * and the clusters of accounts they link. Kernel because auth records sign-ins here. Files outside
 * modules/fraud-signals/ import this file only; tests may reach inside.
 */
export { LINKING_KINDS, recordSignals, signalsPayload } from './fraud-signals.service.ts';
export type { RawSignals, SignalDeps, SignalEvent, Sighting } from './fraud-signals.service.ts';
export { clusterOf, listClusterLinks, listClusterMembers, setClusterState, sharedCluster } from './clusters.service.ts';
export type { ClusterLinkRow, ClusterRef } from './clusters.service.ts';
export { deviceIdOf } from './request-signals.ts';
export { runSignalRetention, SIGNAL_RETENTION_EVERY_MS, startSignalRetention } from './retention.ts';
export { eraseMemberSignals } from './member-signals.ts';
