/**
 * The exact-string edit rule: `oldString` must match exactly once unless `replaceAll`.
 * Plane: shared; pure. Contract: no match → FS_EDIT_NOT_FOUND; several without replaceAll →
 * FS_AMBIGUOUS_EDIT; an empty `oldString` is never a match.
 * @module fs/text-edit
 */
import { FsError } from './errors.ts'
import type { TextEdit } from './types.ts'

function countOccurrences(text: string, needle: string): number {
  let count = 0
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) count++
  return count
}

/** Applies `edit` to `before`; `display` names the file in failure messages. */
export function applyTextEdit(before: string, edit: TextEdit, display: string): string {
  if (edit.oldString === '') {
    throw new FsError('FS_EDIT_NOT_FOUND', `old_string is empty; to create or replace all of ${display} use write`)
  }
  const count = countOccurrences(before, edit.oldString)
  if (count === 0) throw new FsError('FS_EDIT_NOT_FOUND', `old_string was not found in ${display}`)
  if (count > 1 && !edit.replaceAll) {
    throw new FsError('FS_AMBIGUOUS_EDIT', `old_string matches ${count} places in ${display}; include more surrounding context to make it unique, or set replace_all to change every match`)
  }
  if (edit.replaceAll) return before.split(edit.oldString).join(edit.newString)
  const index = before.indexOf(edit.oldString)
  return before.slice(0, index) + edit.newString + before.slice(index + edit.oldString.length)
}
