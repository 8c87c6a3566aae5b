/**
 * A small CBOR (RFC 8949) decoder for Pagefind's index files (`*.pf_meta`, `*.pf_index`: minicbor
 * arrays of integers, strings and arrays). Definite lengths only, which is all Pagefind writes.
 * Plane: shared; pure. Contract: malformed input throws `SiteSearchError` SEARCH_INDEX_INVALID.
 * @module tool-site-search/cbor
 */
import { SiteSearchError } from './errors.ts'

export type CborValue = number | bigint | string | boolean | null | undefined | Uint8Array | CborValue[] | Map<CborValue, CborValue>

const utf8 = new TextDecoder()

export function decodeCbor(bytes: Uint8Array, what: string): CborValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 0
  const fail = (why: string): never => { throw new SiteSearchError('SEARCH_INDEX_INVALID', `${what} is not a Pagefind index file this reader understands (${why} at byte ${at})`) }
  const need = (n: number) => { if (at + n > bytes.length) fail('unexpected end') }
  const argument = (info: number): number => {
    if (info < 24) return info
    if (info === 24) { need(1); return bytes[at++]! }
    if (info === 25) { need(2); const v = view.getUint16(at); at += 2; return v }
    if (info === 26) { need(4); const v = view.getUint32(at); at += 4; return v }
    if (info === 27) { need(8); const v = Number(view.getBigUint64(at)); at += 8; return v }
    return fail(`indefinite or reserved length ${info}`)
  }
  const item = (depth: number): CborValue => {
    if (depth > 64) fail('nesting too deep')
    need(1)
    const head = bytes[at++]!
    const major = head >> 5
    const info = head & 0x1f
    if (major === 7) {
      if (info === 20) return false
      if (info === 21) return true
      if (info === 22) return null
      if (info === 23) return undefined
      if (info === 25) { need(2); const half = view.getUint16(at); at += 2; return halfFloat(half) }
      if (info === 26) { need(4); const v = view.getFloat32(at); at += 4; return v }
      if (info === 27) { need(8); const v = view.getFloat64(at); at += 8; return v }
      return fail(`simple value ${info}`)
    }
    const n = argument(info)
    switch (major) {
      case 0: return n
      case 1: return -1 - n
      case 2: { need(n); const v = bytes.subarray(at, at + n); at += n; return v }
      case 3: { need(n); const v = utf8.decode(bytes.subarray(at, at + n)); at += n; return v }
      case 4: { const list: CborValue[] = []; for (let k = 0; k < n; k++) list.push(item(depth + 1)); return list }
      case 5: { const map = new Map<CborValue, CborValue>(); for (let k = 0; k < n; k++) map.set(item(depth + 1), item(depth + 1)); return map }
      default: return item(depth + 1) // 6: a tag; its content stands for it
    }
  }
  return item(0)
}

function halfFloat(half: number): number {
  const exponent = (half >> 10) & 0x1f
  const fraction = half & 0x3ff
  const sign = half & 0x8000 ? -1 : 1
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024)
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024)
}
