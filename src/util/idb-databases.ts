/**
 * The catalogue of every IndexedDB database dsh-agent opens in an origin (the page opens none):
 * name, version, what it holds, and what "Delete all my data" does with it. Plane: shared; data only.
 * Contract: every `openDB`/`indexedDB.open` site takes its name and version from here; a database
 * absent from this list is a defect (test/src/util/idb-databases.spec.ts reads the sources for it).
 * @module util/idb-databases
 */

/** What "Delete all my data" does with a database: delete it, or keep it for the reason given. */
export type OnDeleteAll = 'delete' | { readonly keep: string }

export interface IdbDatabaseEntry {
  readonly name: string
  /** IndexedDB schema version: only grows (the opener's upgrade steps say what each adds). */
  readonly version: number
  /** What it holds, in the reader's terms. */
  readonly holds: string
  /** The module that opens it. */
  readonly openedBy: string
  readonly onDeleteAll: OnDeleteAll
}

export const IDB_DATABASES = {
  sessions: {
    name: 'dsh-agent', version: 1, openedBy: 'src/session-idb/database.ts', onDeleteAll: 'delete',
    holds: 'the conversations (each session\'s header and event log) and the settings',
  },
  workspaces: {
    name: 'dsh-agent-workspaces', version: 1, openedBy: 'src/fs-memory/idb-mirror.ts', onDeleteAll: 'delete',
    holds: 'the files of each workspace',
  },
  spill: {
    name: 'dsh-agent-spill', version: 1, openedBy: 'src/spill/idb-store.ts', onDeleteAll: 'delete',
    holds: 'tool results too large to keep inline in a session',
  },
  search: {
    name: 'dsh-agent-search', version: 1, openedBy: 'src/session-query/index-store.ts', onDeleteAll: 'delete',
    holds: 'the full-text index of the conversations',
  },
  secrets: {
    name: 'dsh-agent-secrets', version: 1, openedBy: 'src/host/key-store.ts', onDeleteAll: 'delete',
    holds: 'the provider key and MCP bearer tokens the reader chose to remember',
  },
  skillBodies: {
    name: 'dsh-skill-bodies', version: 1, openedBy: 'src/skills/body-cache.ts',
    holds: 'copies of the skill files the site registered by URL',
    onDeleteAll: {
      keep: 'it holds none of the reader\'s data: only the site\'s own skill files, fetched from the site\'s URLs ' +
        'without credentials, the same for every reader; deleting it would only make the next turn fetch them again',
    },
  },
} as const satisfies Record<string, IdbDatabaseEntry>

export type IdbDatabaseKey = keyof typeof IDB_DATABASES

/** Every database in the catalogue. */
export const ALL_IDB_DATABASES: readonly IdbDatabaseEntry[] = Object.values(IDB_DATABASES)

/** The databases that hold the reader's data: "Delete all my data" deletes each of them. */
export const READER_DATA_DATABASES: readonly string[] = ALL_IDB_DATABASES.filter((entry) => entry.onDeleteAll === 'delete').map((entry) => entry.name)
