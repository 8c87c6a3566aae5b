/**
 * The diff an approval shows for a file change: against the file as it is now. A write's card
 * gains what it replaces; an edit's hunk grows to the whole file before and after, so the page
 * can show it with its context lines. Plane: worker; reads the workspace, writes nothing.
 * Contract: a file that cannot be read, is larger than `MAX_PREVIEW_TEXT` or that the edit would
 * not apply to leaves that diff as the tool presented it.
 * @module host/approval-preview
 */
import type { FileSystem } from '../fs/file-system.ts'
import { applyTextEdit } from '../fs/text-edit.ts'
import type { ApprovalQuestion } from '../protocol/messages.ts'
import type { FileDiff } from '../tools/types.ts'

export const MAX_PREVIEW_TEXT = 100_000

async function current(fs: FileSystem, path: string): Promise<string | null | undefined> {
  const target = fs.resolve(path)
  if (!(await fs.stat(target))) return null // a new file: nothing is replaced
  const text = await fs.readText(target)
  return text.length > MAX_PREVIEW_TEXT ? undefined : text
}

async function againstCurrent(fs: FileSystem, diff: FileDiff): Promise<FileDiff> {
  const now = await current(fs, diff.path).catch(() => undefined) // unreadable (binary, outside the sandbox): keep the tool's diff
  if (now === undefined) return diff
  if (diff.oldText === null) return { ...diff, oldText: now }
  if (now === null) return diff
  try {
    return { path: diff.path, oldText: now, newText: applyTextEdit(now, { oldString: diff.oldText, newString: diff.newText, replaceAll: false }, diff.path) }
  } catch {
    return diff // not found or ambiguous now: the call will say so; the hunk is what it asks
  }
}

/** @returns the question with its diffs against the current files, or `undefined` when it has none. */
export function previewAgainstWorkspace(fs: FileSystem | undefined, question: ApprovalQuestion): Promise<ApprovalQuestion> | undefined {
  const card = question.card
  if (!fs || card?.card !== 'diff') return undefined
  return Promise.all(card.diffs.map((diff) => againstCurrent(fs, diff))).then((diffs) => ({ ...question, card: { ...card, diffs } }))
}
