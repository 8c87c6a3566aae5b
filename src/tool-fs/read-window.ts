/**
 * The `read` tool's window over a text file: 1-based offset, line limit, per-line and total
 * byte caps, and the model-facing `<path>/<type>/<content>` envelope with its footer.
 * Plane: shared; pure. Contract: texts are stable (the model and tests rely on them).
 * @module tool-fs/read-window
 */
import { FsError } from '../fs/errors.ts'
import { utf8Length } from '../fs/utf8.ts'

export const READ_DEFAULT_LIMIT = 2000
export const READ_MAX_LINE_CHARS = 2000
export const READ_MAX_BYTES = 50 * 1024

export type ReadLine = { number: number; text: string }
export type ReadValue = { path: string; offset: number; lines: ReadLine[]; totalLines: number }

export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split(/\r?\n/)
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

const cutLine = (line: string): string =>
  line.length > READ_MAX_LINE_CHARS ? `${line.slice(0, READ_MAX_LINE_CHARS)}… (line truncated to ${READ_MAX_LINE_CHARS} chars)` : line

/** The window of `text` starting at 1-based `offset`; past the end → FS_NOT_FOUND. */
export function readWindow(path: string, text: string, offset: number, limit: number): ReadValue {
  const all = splitLines(text)
  if (offset > Math.max(all.length, 1)) {
    throw new FsError('FS_NOT_FOUND', `offset ${offset} is past the end of ${path} (${all.length} lines)`)
  }
  const lines: ReadLine[] = []
  let bytes = 0
  for (let index = offset - 1; index < all.length && lines.length < limit; index++) {
    const line = { number: index + 1, text: cutLine(all[index]!) }
    bytes += utf8Length(line.text) + String(line.number).length + 3
    if (bytes > READ_MAX_BYTES && lines.length > 0) break
    lines.push(line)
  }
  return { path, offset, lines, totalLines: all.length }
}

function footer(value: ReadValue, limit: number): string {
  const last = value.lines.at(-1)?.number ?? value.offset - 1
  if (last >= value.totalLines) return `(End of file - total ${value.totalLines} lines)`
  const reason = value.lines.length < limit ? `Output capped at ${READ_MAX_BYTES / 1024} KiB. ` : ''
  return `(${reason}Showing lines ${value.offset}-${last} of ${value.totalLines}. Use offset=${last + 1} to read more.)`
}

/** The model-facing text of a read. */
export function renderRead(value: ReadValue, limit: number): string {
  const body = value.lines.map((line) => `${line.number}: ${line.text}`).join('\n')
  return `<path>${value.path}</path>\n<type>file</type>\n<content>\n${body}${body ? '\n' : ''}\n${footer(value, limit)}\n</content>`
}
