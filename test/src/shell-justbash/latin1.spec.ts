// just-bash's byte strings: one char per byte, exactly ISO-8859-1 (not windows-1252), both ways.
import { describe, expect, it } from 'vitest'
import { bytesToLatin1, latin1ToBytes } from '../../../src/shell-justbash/latin1.ts'

const reference = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')

describe('latin1', () => {
  it('maps every byte value to the char of the same code, including 0x80–0x9F', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const text = bytesToLatin1(all)
    expect([...text].map((char) => char.charCodeAt(0))).toEqual([...all])
    expect(latin1ToBytes(text)).toEqual(all)
    expect(bytesToLatin1(Uint8Array.of(0x80, 0x9f, 0x41))).toBe('\u0080\u009fA')
  })

  it('agrees with the per-byte reference on large ASCII, latin1 and mixed buffers', () => {
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    for (const high of [0, 0.001, 0.5]) {
      const bytes = Uint8Array.from({ length: 100_000 }, () => (random() < high ? 0x80 + Math.floor(random() * 128) : Math.floor(random() * 128)))
      const text = bytesToLatin1(bytes)
      expect(text === reference(bytes)).toBe(true)
      expect(latin1ToBytes(text)).toEqual(bytes)
    }
    expect(bytesToLatin1(new Uint8Array(0))).toBe('')
    expect(latin1ToBytes('')).toEqual(new Uint8Array(0))
  })

  it('writes one byte per char: ASCII as is, latin1 as its code, wider chars keep their low byte', () => {
    expect(latin1ToBytes('ab\n')).toEqual(Uint8Array.of(0x61, 0x62, 0x0a))
    expect(latin1ToBytes('a\u00e9\u0080')).toEqual(Uint8Array.of(0x61, 0xe9, 0x80))
    expect(latin1ToBytes('\u20ac!')).toEqual(Uint8Array.of(0xac, 0x21))
  })
})
