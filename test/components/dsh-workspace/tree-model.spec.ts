// The file tree's model: pages add up, the worker's changes apply in place to loaded folders only,
// and the visible rows follow the open folders.
import { describe, expect, it } from 'vitest'
import { TreeModel } from '../../../components/dsh-workspace/tree-model.ts'
import type { WorkspaceEntry } from '../../../src/protocol/messages.ts'

const file = (path: string): WorkspaceEntry => ({ name: path.slice(path.lastIndexOf('/') + 1), path, type: 'file' })
const dir = (path: string): WorkspaceEntry => ({ ...file(path), type: 'directory' })

function loaded(): TreeModel {
  const model = new TreeModel()
  model.addPage({ path: '', entries: [file('a.txt'), dir('src')], total: 2, offset: 0, cap: 500 })
  model.addPage({ path: 'src', entries: [file('src/b.ts')], total: 3, offset: 0, cap: 1, next: 1 })
  model.open.add('src')
  return model
}

const rows = (model: TreeModel) => model.rows().map((r) => `${'  '.repeat(r.depth)}${r.entry.name}`)

describe('TreeModel', () => {
  it('adds pages after the first and keeps where the next starts', () => {
    const model = loaded()
    model.addPage({ path: 'src', entries: [file('src/c.ts')], total: 3, offset: 1, cap: 1, next: 2 })
    expect(model.dirs.get('src')).toMatchObject({ total: 3, next: 2 })
    expect(rows(model)).toEqual(['a.txt', 'src', '  b.ts', '  c.ts'])
  })

  it('applies writes, folders, renames and deletions in place, name-sorted', () => {
    const model = loaded()
    expect(model.apply({ kind: 'write', path: 'src/a.ts', version: '1', created: true })).toBe(true)
    expect(model.apply({ kind: 'mkdir', path: 'docs' })).toBe(true)
    expect(model.apply({ kind: 'rename', path: 'a.txt', to: 'src/z.txt' })).toBe(true)
    expect(rows(model)).toEqual(['docs', 'src', '  a.ts', '  b.ts', '  z.txt'])
    expect(model.apply({ kind: 'rm', path: 'src' })).toBe(true)
    expect(rows(model)).toEqual(['docs'])
    expect(model.dirs.has('src')).toBe(false)
    expect(model.open.has('src')).toBe(false)
  })

  it('ignores a change in a folder never listed, and a second write of a known file', () => {
    const model = loaded()
    expect(model.apply({ kind: 'write', path: 'deep/x/y.txt', version: '1', created: true })).toBe(false)
    expect(model.apply({ kind: 'write', path: 'a.txt', version: '2', created: false })).toBe(false)
    expect(rows(model)).toEqual(['a.txt', 'src', '  b.ts'])
  })
})
