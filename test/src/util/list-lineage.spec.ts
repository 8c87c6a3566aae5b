// List lineages: only frozen lists are tagged; a list extends another of its lineage that is not longer.
import { describe, expect, it } from 'vitest'
import { extendsList, tagLineage } from '../../../src/util/list-lineage.ts'

describe('list lineage', () => {
  it('relates lists of one lineage by length and nothing else', () => {
    const lineage = {}
    const short = Object.freeze([1])
    const long = Object.freeze([1, 2])
    tagLineage(short, lineage)
    tagLineage(long, lineage)
    expect(extendsList(long, short)).toBe(true)
    expect(extendsList(short, long)).toBe(false)
    const stranger = Object.freeze([1, 2, 3])
    tagLineage(stranger, {})
    expect(extendsList(stranger, short)).toBe(false)
  })

  it('never tags an unfrozen list (it could change after tagging)', () => {
    const lineage = {}
    const base = Object.freeze([1])
    const open = [1, 2]
    tagLineage(base, lineage)
    tagLineage(open, lineage)
    expect(extendsList(open, base)).toBe(false)
    expect(extendsList(open, open)).toBe(true)
  })
})
