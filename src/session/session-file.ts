/**
 * The text of an imported session file given as bytes: dsh's default `session.jsonl.zstd`
 * (concatenated Zstandard frames) is decompressed by fzstd, a small pure-JS decoder loaded only
 * when such a file arrives; other bytes are read as UTF-8 JSONL. Plane: shared (worker, Node).
 * Contract: the decompressed size is capped while decoding; any failure is a `SessionImportError`
 * on line 1 and nothing is returned.
 * @module session/session-file
 */
import { SessionImportError } from './errors.ts'

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd]

/** Whether `bytes` starts with a Zstandard frame. */
export function isZstd(bytes: Uint8Array): boolean {
  return ZSTD_MAGIC.every((byte, i) => bytes[i] === byte)
}

async function decompress(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const { Decompress } = await import('fzstd')
  const parts: Uint8Array[] = []
  let size = 0
  const stream = new Decompress((part) => {
    size += part.length
    if (size > maxBytes) throw new SessionImportError(1, `the decompressed file exceeds ${maxBytes} bytes`)
    parts.push(part)
  })
  try {
    stream.push(bytes, true)
  } catch (error) {
    if (error instanceof SessionImportError) throw error
    throw new SessionImportError(1, `not a readable zstd file (${(error as Error).message})`)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * The JSONL text of a session file's bytes (zstd-compressed or plain UTF-8).
 * @param maxBytes - cap on the (decompressed) text's size in bytes
 * @throws SessionImportError (line 1) for a corrupt or oversized zstd file or bytes that are not UTF-8
 */
export async function sessionFileText(bytes: Uint8Array, maxBytes: number): Promise<string> {
  const plain = isZstd(bytes) ? await decompress(bytes, maxBytes) : bytes
  if (plain.length > maxBytes) throw new SessionImportError(1, `the file exceeds ${maxBytes} bytes`)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain)
  } catch {
    throw new SessionImportError(1, 'the file is neither zstd-compressed nor UTF-8 text')
  }
}
