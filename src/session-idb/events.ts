/**
 * The live Cordis events this backend emits so the UI can say what happens to storage.
 * Plane: worker; declarations and payload types only.
 * @module session-idb/events
 */
import type { StorageErrorCode } from './errors.ts'

/** A storage failure the user must hear about; the session keeps running in memory. */
export interface StorageErrorEvent {
  code: StorageErrorCode
  message: string
  sessionId?: string
}

/** Whether a session is being saved, and the last seq known durable (-1 for none). */
export interface StorageStateEvent {
  sessionId: string
  saving: boolean
  durableSeq: number
}

/** A load dropped an unreadable final record; everything before `fromSeq` was kept. */
export interface TornTailEvent {
  sessionId: string
  fromSeq: number
  reason: string
}

declare module '@deepseek-ai/cordis' {
  interface Events {
    /** @mode emit — storage failed: quota, unavailable, cleared, wedged, blocked upgrade, taken over. */
    'storage/error'(event: StorageErrorEvent): void
    /** @mode emit — saving started/stopped, or `durableSeq` moved (once per committed batch). */
    'storage/state'(event: StorageStateEvent): void
    /** @mode emit — a torn tail was dropped while loading. */
    'storage/torn-tail'(event: TornTailEvent): void
  }
}
