/**
 * The spill plugin (`ctx.spill`): large plain-text tool results stored whole and replaced in the
 * log by a head/tail preview that names `/.dsh/spill/<id>.txt`. Plane: worker.
 * @module spill/index
 */
import { SpillService } from './service.ts'

export default SpillService
export { SpillService, DEFAULT_MAX_INLINE_BYTES, type SpillConfig } from './service.ts'
export { SpillCore, spillNotice, RETRIEVAL_HINT } from './spill-core.ts'
export { SpillError, type SpillErrorCode } from './errors.ts'
export { SPILL_DIR, spillLocator, spillIdAt } from './paths.ts'
export { headTail } from './head-tail.ts'
export { memorySpillStore, type SpillStore, type SpillRecord } from './store.ts'
export { idbSpillStore, SPILL_DB_NAME } from './idb-store.ts'
