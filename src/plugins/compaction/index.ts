/**
 * The compaction plugin: `ctx.compaction` (default export) and its helpers.
 * Plane: worker. Contract: see README.md and dsh contracts §12. The compaction pass itself
 * (compact.ts: summarize, plan) is not re-exported: the service imports it on first use.
 * @module plugins/compaction/index
 */
export { CompactionService as default, CompactionService } from './service.ts'
export { Config, type CompactionConfig } from './config.ts'
export { CompactionError, type CompactionErrorKind } from './errors.ts'
export type { CompactOutcome } from './compact.ts'
