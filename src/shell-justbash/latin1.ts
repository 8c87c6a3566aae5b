/**
 * Byte ↔ latin1-string conversion for just-bash's byte pipeline (one char per byte).
 * Plane: shared; pure; reads TextDecoder/TextEncoder lazily. Contract: exact ISO-8859-1 both
 * ways, any size (chunked, so large files never overflow the argument limit).
 * @module shell-justbash/latin1
 */
const CHUNK = 0x8000
/** A char windows-1252 gives where latin1 would give U+0080–U+009F. */
const ABOVE_LATIN1 = /[\u0100-\uffff]/

/** Any char outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/

let windows1252: TextDecoder | undefined
let encoder: TextEncoder | undefined

function chunkedLatin1(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += CHUNK) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[])
  }
  return text
}

/**
 * The decoder's native loop (several times faster than fromCharCode on a 1 MB file): windows-1252
 * equals latin1 except for some bytes 0x80–0x9F, which it maps above U+00FF; then the exact loop.
 */
export function bytesToLatin1(bytes: Uint8Array): string {
  windows1252 ??= new TextDecoder('windows-1252')
  const text = windows1252.decode(bytes)
  return ABOVE_LATIN1.test(text) ? chunkedLatin1(bytes) : text
}

/** ASCII text (the common case) goes through the native encoder, whose UTF-8 is then the same bytes. */
export function latin1ToBytes(text: string): Uint8Array {
  if (!NON_ASCII.test(text)) return (encoder ??= new TextEncoder()).encode(text)
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff
  return bytes
}
