/**
 * Byte-budgeted head/tail previews of text (dsh's output retention, `headTail`): the first and
 * last bytes of a UTF-8 text (kept apart, so the caller marks the cut between them), each cut on a code-point boundary, with the exact count of
 * bytes left out. Plane: shared; pure.
 * @module spill/head-tail
 */
import { encodeUtf8 } from '../fs/utf8.ts'

export interface HeadTail {
  readonly head: string
  readonly tail: string
  /** UTF-8 bytes of the original not in `text` (0 when it fit whole). */
  readonly omittedBytes: number
}

let decoder: TextDecoder | undefined

function decode(bytes: Uint8Array): string {
  decoder ??= new TextDecoder('utf-8')
  return decoder.decode(bytes)
}

/** The end of a prefix cut at `end`, moved back off a partial code point. */
function prefixEnd(bytes: Uint8Array, end: number): number {
  let cut = end
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--
  return cut
}

/** The start of a suffix cut at `start`, moved forward off continuation bytes. */
function suffixStart(bytes: Uint8Array, start: number): number {
  let cut = start
  while (cut < bytes.length && (bytes[cut]! & 0xc0) === 0x80) cut++
  return cut
}

/** Keeps ⌈budget/2⌉ head bytes and ⌊budget/2⌋ tail bytes of `text` (all of it when it fits). */
export function headTail(text: string, budget: number): HeadTail {
  const bytes = encodeUtf8(text)
  if (bytes.length <= budget) return { head: text, tail: '', omittedBytes: 0 }
  const head = prefixEnd(bytes, Math.ceil(budget / 2))
  const tail = suffixStart(bytes, bytes.length - Math.floor(budget / 2))
  const first = decode(bytes.subarray(0, head))
  const last = decode(bytes.subarray(tail))
  return { head: first, tail: last, omittedBytes: tail - head }
}
