/**
 * The tool-result pruner plugin (`ctx.toolResultPruner`). Plane: worker.
 * @module plugins/tool-result-pruner/index
 */
import { ToolResultPruner } from './service.ts'

export default ToolResultPruner
export { ToolResultPruner } from './service.ts'
export { PRUNE_MARKER, PRUNE_DEFAULTS, resolvePruneConfig, type ToolResultPruneConfig } from './config.ts'
export type { PruneResult, PrunedEntry } from './prune.ts'
