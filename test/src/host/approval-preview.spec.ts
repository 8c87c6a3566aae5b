// An approval's file diff is shown against the file as it is now: a write shows what it replaces,
// an edit grows to the whole file; an unreadable, missing-for-edit or ambiguous case keeps the tool's own diff.
import { describe, expect, it } from 'vitest'
import { previewAgainstWorkspace, MAX_PREVIEW_TEXT } from '../../../src/host/approval-preview.ts'
import type { ApprovalQuestion } from '../../../src/protocol/messages.ts'
import type { FileDiff } from '../../../src/tools/types.ts'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

const files = { 'notes.md': 'one\ntwo\nthree\n', 'twice.md': 'x\nx\n', 'big.txt': 'a'.repeat(MAX_PREVIEW_TEXT + 1) }
const ask = (diffs: FileDiff[]): ApprovalQuestion => ({ id: 'q' as never, sessionId: 's' as never, toolName: 'edit', card: { card: 'diff', title: 'Edit', diffs } })
const diffsOf = (q: ApprovalQuestion | undefined) => (q?.card?.card === 'diff' ? q.card.diffs : undefined)

describe('previewAgainstWorkspace', () => {
  it('a write shows the current file as what it replaces; a new file replaces nothing', async () => {
    const { fs } = await createWorkspaceHarness({ fs: { files } })
    const shown = await previewAgainstWorkspace(fs, ask([{ path: 'notes.md', oldText: null, newText: 'new\n' }, { path: 'fresh.md', oldText: null, newText: 'hi' }]))
    expect(diffsOf(shown)).toEqual([{ path: 'notes.md', oldText: 'one\ntwo\nthree\n', newText: 'new\n' }, { path: 'fresh.md', oldText: null, newText: 'hi' }])
  })

  it('an edit hunk becomes the whole file before and after', async () => {
    const { fs } = await createWorkspaceHarness({ fs: { files } })
    const shown = await previewAgainstWorkspace(fs, ask([{ path: 'notes.md', oldText: 'two', newText: '2' }]))
    expect(diffsOf(shown)).toEqual([{ path: 'notes.md', oldText: 'one\ntwo\nthree\n', newText: 'one\n2\nthree\n' }])
  })

  it('keeps the tool diff when the edit would not apply, the file is too big or absent', async () => {
    const { fs } = await createWorkspaceHarness({ fs: { files } })
    const kept = [
      { path: 'twice.md', oldText: 'x', newText: 'y' },
      { path: 'notes.md', oldText: 'absent', newText: 'y' },
      { path: 'big.txt', oldText: null, newText: 'b' },
      { path: 'missing.md', oldText: 'a', newText: 'b' },
    ]
    expect(diffsOf(await previewAgainstWorkspace(fs, ask(kept)))).toEqual(kept)
  })

  it('has nothing to add to a question without a diff card or without a workspace', async () => {
    const { fs } = await createWorkspaceHarness()
    expect(previewAgainstWorkspace(fs, { id: 'q' as never, sessionId: 's' as never, toolName: 'bash', card: { card: 'terminal', title: 'ls' } })).toBeUndefined()
    expect(previewAgainstWorkspace(undefined, ask([]))).toBeUndefined()
  })
})
