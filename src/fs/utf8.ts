/**
 * UTF-8 encode/decode helpers shared by providers. Plane: shared; reads TextEncoder/TextDecoder
 * lazily. Contract: decoding is fatal (invalid bytes → FS_NOT_TEXT) and keeps a BOM.
 * @module fs/utf8
 */
import { notText } from './errors.ts'

let encoder: TextEncoder | undefined
let decoder: TextDecoder | undefined

export function encodeUtf8(text: string): Uint8Array {
  encoder ??= new TextEncoder()
  return encoder.encode(text)
}

/** Decodes strictly; throws FS_NOT_TEXT naming `display` on invalid UTF-8. */
export function decodeUtf8(bytes: Uint8Array, display: string): string {
  decoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  try {
    return decoder.decode(bytes)
  } catch {
    throw notText(display)
  }
}

/** UTF-8 byte length of a string without allocating the encoding. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) { bytes += 4; i++ }
    else bytes += 3
  }
  return bytes
}
