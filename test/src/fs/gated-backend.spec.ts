// The readiness gate: calls wait for the provider; a failed readiness is asked again on the next
// call (a lazy provider may retry) and rejects with its own error; once ready, calls go through.
import { describe, expect, it } from 'vitest'
import { gatedBackend } from '../../../src/fs/gated-backend.ts'
import { MemoryBackend } from '../../../src/fs-memory/memory-backend.ts'

describe('gatedBackend', () => {
  it('waits for readiness, asks again after a failure, and asks no more once ready', async () => {
    const memory = new MemoryBackend()
    await memory.write('/a.txt', 'x', false)
    const outcomes: Array<() => Promise<void>> = [() => Promise.reject(new Error('boot failed')), () => Promise.resolve()]
    let asked = 0
    const gated = gatedBackend(memory, () => outcomes[Math.min(asked++, 1)]!())
    await expect(gated.readText('/a.txt')).rejects.toThrow('boot failed')
    expect(asked).toBe(1)
    expect(await gated.readText('/a.txt')).toBe('x')
    expect(asked).toBe(2)
    expect(await gated.write('/b.txt', 'y', false)).toBe('2')
    expect((await gated.stat('/b.txt'))?.size).toBe(1)
    expect((await gated.readdir('/')).map((entry) => entry.name).sort()).toEqual(['a.txt', 'b.txt'])
    expect(asked).toBe(2)
  })

  it('holds calls until readiness settles', async () => {
    let open!: () => void
    const ready = new Promise<void>((resolve) => { open = resolve })
    const memory = new MemoryBackend()
    const gated = gatedBackend(memory, () => ready)
    let stat: unknown = 'pending'
    const pending = gated.stat('/').then((value) => { stat = value })
    await Promise.resolve()
    expect(stat).toBe('pending')
    await memory.mkdir('/w', false)
    open()
    await pending
    expect(stat).toMatchObject({ type: 'directory' })
    expect((await gated.readdir('/')).map((entry) => entry.name)).toEqual(['w'])
  })
})
