/**
 * The one typed IndexedDB schema of dsh-agent (`sessions`, packed `events`, `settings`) and its
 * versioned upgrade steps. Plane: worker; opening is done by `database.ts`, never at import.
 * Contract: DB_VERSION only grows; each step in `upgradeSteps` is additive and runs once (README rule).
 * @module session-idb/schema
 */
import type { DBSchema, IDBPDatabase } from 'idb'
import type { SessionHeader } from '../session/types.ts'
import { IDB_DATABASES } from '../util/idb-databases.ts'
import type { JsonValue } from '../util/json.ts'

export const DB_NAME = IDB_DATABASES.sessions.name
/** IndexedDB schema version (kept in util/idb-databases.ts): bump it there when stores or indexes change, adding one step below. */
export const DB_VERSION: number = IDB_DATABASES.sessions.version

/** Metadata of one stored session (one row per session). */
export interface SessionRow {
  id: string
  header: SessionHeader
  /** Text of the first user message, cut to 120 characters; absent until there is one. */
  title?: string
  createdAt: number
  updatedAt: number
  /** The seq the next stored event must have (= number of stored events). */
  nextSeq: number
  /** Writer fencing: bumped by every writer claim; each write checks it inside its transaction. */
  epoch: number
  /** Instance id of the writer that holds `epoch`. */
  writer?: string
  /** Lease deadline (epoch ms) when Web Locks are unavailable; absent under Web Locks. */
  leaseUntil?: number
}

/** One packed run of contiguous events (one write batch), keyed `[sessionId, firstSeq]`. */
export interface EventRow {
  sessionId: string
  firstSeq: number
  /** Number of events the body decodes to. */
  count: number
  /** Writer epoch that committed the row. */
  epoch: number
  /** Body encoding version (`row-codec.ts` ROW_ENCODING). */
  enc: number
  /** JSON array of storage records (events verbatim or packed chunk runs). */
  body: string
}

/** A user setting, kept apart from session data. */
export interface SettingRow {
  key: string
  value: JsonValue
}

export interface DshAgentDB extends DBSchema {
  sessions: { key: string; value: SessionRow; indexes: { byUpdatedAt: number } }
  events: { key: [string, number]; value: EventRow }
  settings: { key: string; value: SettingRow }
}

type UpgradeStep = (db: IDBPDatabase<DshAgentDB>) => void

/** `upgradeSteps[v - 1]` migrates a database from version v - 1 to v. */
const upgradeSteps: readonly UpgradeStep[] = [
  (db) => {
    const sessions = db.createObjectStore('sessions', { keyPath: 'id' })
    sessions.createIndex('byUpdatedAt', 'updatedAt')
    db.createObjectStore('events', { keyPath: ['sessionId', 'firstSeq'] })
    db.createObjectStore('settings', { keyPath: 'key' })
  },
]

/** Runs every step from `oldVersion` up to DB_VERSION inside the versionchange transaction. */
export function upgradeDatabase(db: IDBPDatabase<DshAgentDB>, oldVersion: number): void {
  for (let version = oldVersion; version < DB_VERSION; version++) upgradeSteps[version]?.(db)
}

/** The key range of every event row of one session. */
export function sessionEventRange(sessionId: string, fromFirstSeq = 0): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromFirstSeq], [sessionId, Number.MAX_SAFE_INTEGER])
}
