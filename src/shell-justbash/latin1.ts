/**
 * Byte ↔ latin1-string conversion for just-bash's byte pipeline (one char per byte).
 * Plane: shared; pure; chunked so large files never overflow the argument limit.
 * @module shell-justbash/latin1
 */
const CHUNK = 0x8000

export function bytesToLatin1(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += CHUNK) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[])
  }
  return text
}

export function latin1ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff
  return bytes
}
