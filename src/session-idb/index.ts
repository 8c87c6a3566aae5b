/**
 * The IndexedDB session backend plugin: provides `ctx.sessionPersistence` (write-behind from
 * `session/event`, `session/flush`, load with torn-tail drop, one writer per session) and the
 * `storage/*` events. Plane: worker. Exports the plugin plus the few names consumers need.
 * @module session-idb/index
 */
import { IdbSessionBackend } from './backend.ts'

export default IdbSessionBackend
export { IdbSessionBackend, type Config, type InspectedSession } from './backend.ts'
export { StorageError, SessionPersistenceError, type StorageErrorCode, type SessionPersistenceErrorCode } from './errors.ts'
export type { StorageErrorEvent, StorageStateEvent, TornTailEvent } from './events.ts'
export { DB_NAME, DB_VERSION } from './schema.ts'
