// The windowed transcript's geometry: heights measured or estimated, tops as sums, the range a
// viewport needs, the rows and gaps to draw, and how a list changed (grown, prepended, replaced).
import { describe, expect, it } from 'vitest'
import { FIRST_ESTIMATE, HeightIndex, rangeFor, segments, tailRange } from '../../../components/dsh-transcript/window-math.ts'

const items = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ key: `k${from + i}` }))

describe('HeightIndex', () => {
  it('estimates unmeasured items, then uses the mean of the measured ones', () => {
    const index = new HeightIndex()
    expect(index.setItems(items(0, 4))).toBe('replace')
    expect(index.total()).toBe(4 * FIRST_ESTIMATE)
    index.measure('k0', 100)
    index.measure('k1', 50)
    expect(index.estimate).toBe(75)
    expect(index.top(2)).toBe(150)
    expect(index.total()).toBe(150 + 2 * 75)
  })

  it('keeps measured heights when items are appended and reports the change', () => {
    const index = new HeightIndex()
    index.setItems(items(0, 3))
    index.measure('k0', 10)
    index.measure('k1', 20)
    index.measure('k2', 30)
    expect(index.setItems(items(0, 5))).toBe('append')
    expect(index.top(3)).toBe(60)
    expect(index.total()).toBe(60 + 2 * 20)
    expect(index.indexOf('k4')).toBe(4)
  })

  it('recognizes older items put before, and a replaced list', () => {
    const index = new HeightIndex()
    index.setItems(items(10, 20))
    index.measure('k10', 40)
    expect(index.setItems(items(0, 20))).toBe('prepend')
    expect(index.indexOf('k10')).toBe(10)
    expect(index.heightAt(10)).toBe(40)
    expect(index.setItems(items(100, 105))).toBe('replace')
    expect(index.indexOf('k10')).toBe(-1)
  })

  it('finds the item holding an offset', () => {
    const index = new HeightIndex()
    index.setItems(items(0, 3))
    index.measure('k0', 10)
    index.measure('k1', 20)
    index.measure('k2', 30)
    expect(index.indexAt(-5)).toBe(0)
    expect(index.indexAt(9.9)).toBe(0)
    expect(index.indexAt(10)).toBe(1)
    expect(index.indexAt(35)).toBe(2)
    expect(index.indexAt(1000)).toBe(2)
    expect(new HeightIndex().indexAt(0)).toBe(-1)
  })

  it('a measurement far back changes the tops after it only', () => {
    const index = new HeightIndex()
    index.setItems(items(0, 1000))
    for (let i = 0; i < 1000; i++) index.measure(`k${i}`, 10)
    expect(index.total()).toBe(10_000)
    index.measure('k500', 110)
    expect(index.top(500)).toBe(5000)
    expect(index.top(501)).toBe(5110)
    expect(index.total()).toBe(10_100)
  })
})

describe('ranges and segments', () => {
  const measured = (n: number, height: number) => {
    const index = new HeightIndex()
    index.setItems(items(0, n))
    for (let i = 0; i < n; i++) index.measure(`k${i}`, height)
    return index
  }

  it('a viewport needs its items plus the margin on both sides, capped', () => {
    const index = measured(1000, 50)
    expect(rangeFor(index, 5000, 5500, 500, 200)).toEqual({ start: 90, end: 121 })
    expect(rangeFor(index, 5000, 5500, 500, 10)).toEqual({ start: 90, end: 100 })
    expect(rangeFor(new HeightIndex(), 0, 100, 10, 10)).toEqual({ start: 0, end: 0 })
  })

  it('the tail is what a reader at the end sees, plus the margin', () => {
    const index = measured(1000, 50)
    expect(tailRange(index, 500, 500, 200)).toEqual({ start: 980, end: 1000 })
    expect(tailRange(index, 500, 500, 5)).toEqual({ start: 995, end: 1000 })
  })

  it('rows of the range and pinned items, with gaps of the right height between', () => {
    const index = measured(100, 10)
    expect(segments(index, { start: 50, end: 53 }, [5, 51, 99])).toEqual([
      { kind: 'gap', from: 0, to: 5, height: 50 },
      { kind: 'row', index: 5 },
      { kind: 'gap', from: 6, to: 50, height: 440 },
      { kind: 'row', index: 50 },
      { kind: 'row', index: 51 },
      { kind: 'row', index: 52 },
      { kind: 'gap', from: 53, to: 99, height: 460 },
      { kind: 'row', index: 99 },
    ])
    expect(segments(index, { start: 0, end: 100 }, [-1, 200]).filter((s) => s.kind === 'gap')).toEqual([])
  })
})
