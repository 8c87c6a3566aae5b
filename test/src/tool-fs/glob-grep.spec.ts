// glob and grep in TS over ctx.fs: shapes, texts, caps, VCS skipping, include filter.
import { describe, expect, it } from 'vitest'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

describe('glob', () => {
  it('matches basenames at any depth, includes hidden files, skips VCS directories', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.ts': '', 'src/b.ts': '', '.hidden/c.ts': '', '.git/d.ts': '', 'e.md': '' } } })
    const { text, event } = await h.call('glob', { pattern: '*.ts' })
    expect(text.split('\n').sort()).toEqual(['.hidden/c.ts', 'a.ts', 'src/b.ts'])
    expect(event.data.meta).toMatchObject({ truncated: false, total: 3 })
    expect((await h.call('glob', { pattern: 'src/**/*.ts' })).text).toBe('src/b.ts')
    expect((await h.call('glob', { pattern: '*.{md,txt}' })).text).toBe('e.md')
    expect((await h.call('glob', { pattern: '*.py' })).text).toBe('No files found')
  })

  it('shows at most 100 paths, sampled across top-level entries, with a note', async () => {
    const files = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`${i % 3 === 0 ? 'a' : 'b'}/f${i}.txt`, '']))
    const h = await createWorkspaceHarness({ fs: { files } })
    const { text } = await h.call('glob', { pattern: '*.txt' })
    const lines = text.split('\n')
    expect(lines.filter((l) => l.endsWith('.txt'))).toHaveLength(100)
    expect(lines.filter((l) => l.startsWith('a/'))).toHaveLength(50)
    expect(text).toContain('(Showing 100 of 150 files, sampled across top-level directories.')
  })
})

describe('grep', () => {
  it('groups matches by file with line numbers', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.ts': 'const x = 1\nlet y\nconst z\n', 'b.md': 'const in md\n' } } })
    const { text, event } = await h.call('grep', { pattern: '^const', include: '*.ts' })
    expect(text).toBe('Found 2 matches\na.ts:\n  Line 1: const x = 1\n  Line 3: const z')
    expect(event.data.meta).toEqual({ files: [{ path: 'a.ts', matches: [{ lineNumber: 1, line: 'const x = 1' }, { lineNumber: 3, line: 'const z' }] }], truncated: false, total: 2 })
    expect((await h.call('grep', { pattern: 'in md', path: 'b.md' })).text).toBe('Found 1 match\nb.md:\n  Line 1: const in md')
    expect((await h.call('grep', { pattern: 'absent' })).text).toBe('No matches found')
  })

  it('shows 250 matches inline, rejects a bad regex by name', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'big.txt': 'hit\n'.repeat(300) } } })
    const { text } = await h.call('grep', { pattern: 'hit' })
    expect(text.startsWith('Found 300 matches\n')).toBe(true)
    expect(text).toContain('(Showing the first 250 of 300 matches.')
    const bad = await h.call('grep', { pattern: '(' })
    expect(bad.error).toEqual({ name: 'InvalidPatternError', code: 'INVALID_ARGS' })
  })
})
