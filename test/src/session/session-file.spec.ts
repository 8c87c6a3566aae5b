// Importing a session file given as bytes: a zstd stream of several frames (as dsh appends one frame
// per batch) and plain UTF-8 both import; a corrupt frame, a decompressed size over the cap, and
// bytes that are not UTF-8 are refused on line 1 with the reason, storing nothing. (dsh's real,
// compressed files are covered by dsh-interop.spec.ts; Node 20 has no zstd encoder, so these
// frames hold raw blocks, which every zstd decoder reads.)
import { describe, expect, it } from 'vitest'
import { isZstd } from '../../../src/session/session-file.ts'
import { appendTurn, sid } from './fixtures.ts'
import { bootStore } from './store-fixture.ts'

/** One zstd frame holding `bytes` (< 2^21) in raw blocks, its content size declared. */
function rawFrame(bytes: Uint8Array): Uint8Array {
  const size = bytes.length
  const header = [0x28, 0xb5, 0x2f, 0xfd, 0xa0, size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, (size >>> 24) & 0xff]
  const block = (size << 3) | 1 // last block, type raw
  return new Uint8Array([...header, block & 0xff, (block >> 8) & 0xff, (block >> 16) & 0xff, ...bytes])
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

async function exportedTurn(): Promise<string> {
  const root = await bootStore()
  const s = await root.sessions.create({ id: sid('z') })
  appendTurn(s, 1, ['c1'])
  return root.sessions.export(s.id)
}

describe('importing a session file as bytes', () => {
  it('reads a multi-frame zstd file (one frame per line, as dsh writes header and batches)', async () => {
    const text = await exportedTurn()
    const encoder = new TextEncoder()
    const file = concat(text.split(/(?<=\n)/).map(line => rawFrame(encoder.encode(line))))
    expect(isZstd(file)).toBe(true)
    const root = await bootStore()
    expect(await root.sessions.import(file)).toBe('z')
    expect(await root.sessions.export(sid('z'))).toBe(text)
  })

  it('reads plain UTF-8 bytes', async () => {
    const text = await exportedTurn()
    const root = await bootStore()
    expect(await root.sessions.import(new TextEncoder().encode(text))).toBe('z')
    expect(await root.sessions.export(sid('z'))).toBe(text)
  })

  it.each([
    ['a truncated zstd frame', async () => rawFrame(new TextEncoder().encode(await exportedTurn())).slice(0, 40), /^line 1: not a readable zstd file \(.+\)$/],
    ['bytes that are neither zstd nor UTF-8', async () => new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), /^line 1: the file is neither zstd-compressed nor UTF-8 text$/],
  ])('refuses %s on line 1, storing nothing', async (_, file, message) => {
    const root = await bootStore()
    await expect(root.sessions.import(await file())).rejects.toThrow(message)
    expect(await root.sessions.list()).toEqual([])
  })

  it('stops decompressing past the import cap', async () => {
    const text = await exportedTurn()
    const root = await bootStore({ maxImportBytes: 100 })
    await expect(root.sessions.import(rawFrame(new TextEncoder().encode(text)))).rejects.toThrow('line 1: the decompressed file exceeds 100 bytes')
    await expect(root.sessions.import(new TextEncoder().encode(text))).rejects.toThrow('line 1: the file exceeds 100 bytes')
    expect(await root.sessions.list()).toEqual([])
  })
})
