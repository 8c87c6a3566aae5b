/**
 * How the `sqlite3` command prints a statement's rows, as the sqlite3 shell's output modes do:
 * `list` (`|`-separated, the default), `csv` (RFC 4180 quoting), `json` (an array of objects per
 * statement), `line` (`column = value`), `tabs`; headers on or off. Plane: runtime worker.
 * @module run-code/worker/sqlite-format
 */
import type { SqlValue } from 'sql.js'

export type OutputMode = 'list' | 'csv' | 'json' | 'line' | 'tabs'
export const OUTPUT_MODES: readonly OutputMode[] = ['list', 'csv', 'json', 'line', 'tabs']

export interface Format { mode: OutputMode; headers: boolean; separator: string }

const decoder = new TextDecoder()
const text = (value: SqlValue): string => (value === null ? '' : value instanceof Uint8Array ? decoder.decode(value) : String(value))
const csvField = (value: string): string => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
const jsonValue = (value: SqlValue): string => (value === null ? 'null' : typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'null') : JSON.stringify(text(value)))

export function formatRows(format: Format, columns: readonly string[], rows: readonly SqlValue[][]): string {
  if (format.mode === 'json') {
    if (rows.length === 0) return ''
    return `[${rows.map((row) => `{${columns.map((c, i) => `${JSON.stringify(c)}:${jsonValue(row[i]!)}`).join(',')}}`).join(',\n')}]\n`
  }
  if (format.mode === 'line') {
    const width = Math.max(...columns.map((c) => c.length))
    return rows.map((row) => columns.map((c, i) => `${c.padStart(width)} = ${text(row[i]!)}\n`).join('')).join('\n')
  }
  const separator = format.mode === 'csv' ? ',' : format.mode === 'tabs' ? '\t' : format.separator
  const field = format.mode === 'csv' ? (v: string) => csvField(v) : (v: string) => v
  const lines = rows.map((row) => row.map((value) => field(text(value))).join(separator))
  if (format.headers && rows.length > 0) lines.unshift(columns.map(field).join(separator))
  return lines.map((line) => `${line}\n`).join('')
}

/** Names in columns of equal width within 80 characters, as `.tables` prints them. */
export function inColumns(names: readonly string[]): string {
  if (names.length === 0) return ''
  const width = Math.max(...names.map((n) => n.length)) + 2
  const perLine = Math.max(1, Math.floor(80 / width))
  const lines: string[] = []
  for (let i = 0; i < names.length; i += perLine) lines.push(names.slice(i, i + perLine).map((n, j, row) => (j === row.length - 1 ? n : n.padEnd(width))).join(''))
  return lines.map((line) => `${line}\n`).join('')
}
