/**
 * Named errors of the session log and store: append, seed, invariant, fork and import failures.
 * Plane: shared; no I/O. Each carries a stable `code`; messages name the event type, path or line.
 * @module session/errors
 */

export type SessionAppendErrorCode =
  | 'INVALID_EVENT_DATA' | 'PAYLOAD_TOO_LARGE' | 'INVALID_INTENT' | 'INVALID_SURFACE_OP'
  | 'INVALID_SOURCE_SEQS' | 'INVALID_MESSAGE' | 'REENTRANT_APPEND' | 'SESSION_CLOSED'

/** An append (or a seed event) was refused; the log is unchanged. */
export class SessionAppendError extends Error {
  override readonly name = 'SessionAppendError'
  constructor(readonly code: SessionAppendErrorCode, message: string) {
    super(message)
  }
}

export type SessionSeedErrorCode = 'INVALID_SEED_SEQ' | 'INVALID_SEED_KEYS' | 'INVALID_SEED_EVENT' | 'INVALID_HEADER'

/** A seed (fork prefix or loaded log) was refused; `index` is the offending seed position, if any. */
export class SessionSeedError extends Error {
  override readonly name = 'SessionSeedError'
  constructor(readonly code: SessionSeedErrorCode, readonly reason: string, readonly index?: number) {
    super(index === undefined ? reason : `seed[${index}] ${reason}`)
  }
}

/** A §2.11 log invariant would be broken by this event; the append is refused. */
export class SessionInvariantError extends Error {
  override readonly name = 'SessionInvariantError'
  constructor(readonly seq: number, message: string) {
    super(`seq ${seq}: ${message}`)
  }
}

export type SessionForkErrorCode = 'SESSION_NOT_FOUND' | 'SESSION_ALREADY_EXISTS' | 'INVALID_BOUNDARY' | 'OPEN_TURN'

/** `ctx.sessions.fork` refused; nothing was created. */
export class SessionForkError extends Error {
  override readonly name = 'SessionForkError'
  constructor(readonly code: SessionForkErrorCode, message: string) {
    super(message)
  }
}

export type SessionStoreErrorCode = 'SESSION_NOT_FOUND' | 'SESSION_ALREADY_EXISTS' | 'UNKNOWN_EVENT_TYPE' | 'SECRET_FIELD' | 'SESSION_LIVE'

/** A store operation (create/open/export/delete, or resuming a session live with an open turn) refused. */
export class SessionStoreError extends Error {
  override readonly name = 'SessionStoreError'
  constructor(readonly code: SessionStoreErrorCode, message: string) {
    super(message)
  }
}

/**
 * A JSONL import was refused at `line` (1-based); nothing was created. `code` tells the page why:
 * `SESSION_ALREADY_EXISTS` (its id is stored already) or `SESSION_IMPORT_INVALID` (not a valid export).
 */
export class SessionImportError extends Error {
  override readonly name = 'SessionImportError'
  constructor(readonly line: number, readonly reason: string, readonly code: 'SESSION_IMPORT_INVALID' | 'SESSION_ALREADY_EXISTS' = 'SESSION_IMPORT_INVALID') {
    super(`line ${line}: ${reason}`)
  }
}

/**
 * A path that ends a session writer (runtime dispose, host restart or detach) could not make every
 * acknowledged event durable: the sessions named lost their unsaved tail. Everything else was still
 * disposed.
 */
export class SessionDrainError extends Error {
  override readonly name = 'SessionDrainError'
  readonly code = 'SESSION_DRAIN_FAILED'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}
