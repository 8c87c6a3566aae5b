// The catalogue of IndexedDB databases is the one list: every site in src/ that opens a database
// takes its name and version from it (no literal names), every entry names a real opener, names
// are unique, and "Delete all my data" deletes all but the entries that say why they are kept.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_IDB_DATABASES, IDB_DATABASES, READER_DATA_DATABASES } from '../../../src/util/idb-databases.ts'

const root = join(import.meta.dirname, '../../..')
const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ path: `src/${file.split('\\').join('/')}`, code: readFileSync(join(root, 'src', file), 'utf8') }))

/** Calls that open a database: idb's `openDB(...)` / `openDB<T>(...)` and a raw `<factory>.open(name, version)`. */
const OPEN_CALL = /\bopenDB\s*(?:<[^>]*>)?\s*\(([^,)]*)|\b(?:factory|indexedDB)\.open\(([^,)]*)/g

describe('util/idb-databases', () => {
  it('every database is opened with a catalogued name: no opener spells a name itself', () => {
    const openers = new Map<string, string[]>()
    for (const { path, code } of sources) {
      for (const match of code.matchAll(OPEN_CALL)) openers.set(path, [...openers.get(path) ?? [], (match[1] ?? match[2] ?? '').trim()])
    }
    expect([...openers.keys()].sort()).toEqual(ALL_IDB_DATABASES.map((entry) => entry.openedBy).sort())
    for (const [path, names] of openers) {
      for (const name of names) expect(name, `${path} opens ${name}`).not.toMatch(/^['"`]/)
    }
    for (const entry of ALL_IDB_DATABASES) {
      const code = sources.find((source) => source.path === entry.openedBy)!.code
      const key = Object.entries(IDB_DATABASES).find(([, value]) => value === entry)![0]
      expect(code, `${entry.openedBy} takes ${entry.name} from the catalogue`).toContain(`IDB_DATABASES.${key}`)
      expect(code, `${entry.openedBy} spells no database name`).not.toContain(`'${entry.name}'`)
    }
  })

  it('names are unique and "Delete all my data" deletes every entry but those that say why they are kept', () => {
    const names = ALL_IDB_DATABASES.map((entry) => entry.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toHaveLength(6)
    expect(READER_DATA_DATABASES).toEqual(['dsh-agent', 'dsh-agent-workspaces', 'dsh-agent-spill', 'dsh-agent-search', 'dsh-agent-secrets'])
    const kept = ALL_IDB_DATABASES.filter((entry) => entry.onDeleteAll !== 'delete')
    expect(kept.map((entry) => entry.name)).toEqual(['dsh-skill-bodies'])
    for (const entry of kept) expect(typeof entry.onDeleteAll === 'object' && entry.onDeleteAll.keep.length).toBeGreaterThan(40)
  })
})
