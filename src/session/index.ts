/**
 * The session seam: `ctx.sessions` (SessionStore) plus the log types, errors and helpers other
 * folders use. Plane: worker/Node. Declares the `session/*` Cordis events.
 * @module session/index
 */
import type { SessionPersistence } from './persistence.ts'
import type { Session } from './session.ts'
import { SessionStore } from './store.ts'
import type { SessionEvent } from './types.ts'
import type { SessionId } from '../util/brand.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    sessions: SessionStore
    sessionPersistence: SessionPersistence
  }
  interface Events {
    /** @mode emit — a session became live (created, opened or forked). */
    'session/created'(session: Session): void
    /** @mode emit — a live session was closed (deleted or its store disposed). */
    'session/disposed'(session: Session): void
    /** @mode emit — a session (live or stored) was deleted; what a plugin keeps for it can go. */
    'session/deleted'(id: SessionId): void
    /** @mode emit — after commit; listener failures are contained per listener. */
    'session/event'(session: Session, event: SessionEvent): void
    /** @mode parallel — backends drain their write-behind buffers. */
    'session/flush'(): Promise<void>
  }
}

export default SessionStore
export { SessionStore, type CreateSessionOptions, type SessionMeta, type SessionStoreConfig, type SessionVerifier } from './store.ts'
export { Session, type SessionOptions } from './session.ts'
export type { SessionListing, SessionPersistence, StoredSession } from './persistence.ts'
export { SessionAppendError, SessionForkError, SessionImportError, SessionInvariantError, SessionSeedError, SessionStoreError } from './errors.ts'
export { LogInvariant, logInvariantCheck } from './invariant.ts'
export { KNOWN_SESSION_EVENT_TYPES } from './known-types.ts'
export * from './types.ts'
