// The card diff: removed lines above the lines replacing them, unified hunks with 3 lines of context
// numbered like `diff -u`, counts for the card's line, and a whole-file before/after diffed by its middle.
import { describe, expect, it } from 'vitest'
import { diffHunks, diffLines, diffStat } from '../../../components/dsh-transcript/diff-lines.ts'

const file = (n: number, change?: [number, string]) => Array.from({ length: n }, (_, i) => (change && i === change[0] ? change[1] : `line ${i + 1}`)).join('\n') + '\n'

describe('diff-lines', () => {
  it('puts a removed line before the line that replaces it', () => {
    expect(diffLines({ path: 'a', oldText: 'a\nb\nc', newText: 'a\nB\nc' }).map((l) => `${l.op}${l.text}`)).toEqual([' a', '-b', '+B', ' c'])
  })

  it('cuts a long file into hunks with three lines of context, numbered in both files', () => {
    const hunks = diffHunks({ path: 'f', oldText: file(40), newText: file(40, [19, 'changed']) })
    expect(hunks).toHaveLength(1)
    expect(hunks[0]).toMatchObject({ oldStart: 17, oldCount: 7, newStart: 17, newCount: 7 })
    expect(hunks[0]!.lines.map((l) => l.op).join('')).toBe('   -+   ')
    expect(diffHunks({ path: 'f', oldText: file(40, [2, 'x']), newText: file(40, [35, 'y']) })).toHaveLength(2)
  })

  it('numbers a new file from 0 on the old side and counts +/−', () => {
    const created = { path: 'n', oldText: null, newText: 'a\nb\n' }
    expect(diffHunks(created)[0]).toMatchObject({ oldStart: 0, oldCount: 0, newStart: 1, newCount: 2 })
    expect(diffStat([created, { path: 'a', oldText: 'a\nb\nc', newText: 'a\nB\nc\nd' }])).toEqual({ added: 4, removed: 1 })
  })

  it('diffs a large whole-file change by its changed middle, not as all removed then all added', () => {
    const lines = diffLines({ path: 'big', oldText: file(3000), newText: file(3000, [1500, 'middle']) })
    expect(lines.filter((l) => l.op !== ' ')).toHaveLength(2)
  })
})
