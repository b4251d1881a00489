/**
 * The observability module's front door: metrics (`/metrics`), request ids and log format (decision 053). Files
 * outside modules/observability/ import this file only.
 */
export { appLoggerOptions, logFormat, requestIdOptions } from './log-format.ts';
export { actionMetricsHook, UNKNOWN_ACTION } from './metrics.ts';
export { registerObservability } from './observability.ts';
