/**
 * The in-memory session backend plugin (`ctx.sessionPersistence`), Node's default.
 * Plane: shared; no I/O. Mount it beside `session` (SessionStore injects it).
 * @module session-memory/index
 */
import { MemorySessionBackend } from './memory-backend.ts'

export default MemorySessionBackend
export { MemorySessionBackend }
