import { describe, expect, it } from 'vitest'
import { JsFiles } from '../../../../src/run-code/worker/js-files.ts'

describe('the file system a node run sees', () => {
  const files = () => new JsFiles(new Map([['/workspace/src/a.js', new TextEncoder().encode('a')]]), '/workspace')

  it('lists, stats and reads the workspace files and the directories they imply', () => {
    const fs = files()
    expect(fs.list('/workspace')).toEqual(['src'])
    expect(fs.stat('/workspace/src')).toEqual({ type: 'directory', size: 0 })
    expect(fs.read('/workspace/src/a.js')).toBe('a')
    expect(fs.stat('/workspace/nope')).toBeUndefined()
  })
  it('writes and appends, refuses a write into a missing directory, makes and removes directories', () => {
    const fs = files()
    fs.write('/workspace/src/a.js', 'b', true)
    expect(fs.read('/workspace/src/a.js')).toBe('ab')
    expect(() => fs.write('/workspace/out/x', 'x', false)).toThrow(/ENOENT/)
    fs.mkdir('/workspace/out/deep', true)
    fs.write('/workspace/out/deep/x', 'x', false)
    expect(() => fs.remove('/workspace/out', false)).toThrow(/ENOTEMPTY/)
    expect(fs.remove('/workspace/out', true)).toBe(true)
    expect(fs.list('/workspace')).toEqual(['src'])
    expect(fs.remove('/workspace/gone', false)).toBe(false)
  })
})
