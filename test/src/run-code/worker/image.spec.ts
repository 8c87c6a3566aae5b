import { describe, expect, it } from 'vitest'
import { WorkspaceImage } from '../../../../src/run-code/worker/image.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('WorkspaceImage', () => {
  it('takes changed files, drops the ones the workspace no longer lists, and returns only what the program changed', () => {
    const image = new WorkspaceImage()
    expect(image.sync({ files: [{ path: '/w/a', data: bytes('a') }, { path: '/w/b', data: bytes('b') }], paths: ['/w/a', '/w/b'] })).toEqual([])
    expect(image.sync({ files: [], paths: ['/w/a'] })).toEqual(['/w/b'])
    const after = new Map([['/w/a', bytes('a')], ['/w/c', bytes('new')]])
    expect(image.diff(after)).toEqual({ written: [{ path: '/w/c', data: bytes('new') }], removed: [] })
    expect(image.diff(new Map([['/w/a', bytes('A')]]))).toEqual({ written: [{ path: '/w/a', data: bytes('A') }], removed: ['/w/c'] })
  })
})
