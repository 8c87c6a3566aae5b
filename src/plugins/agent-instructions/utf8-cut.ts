/**
 * UTF-8 byte counts and cuts of instruction text: what reading a file (`files.ts`, its source-size cut)
 * and rendering a message within its budget (`render.ts`) both measure with, kept apart so the file
 * scan of every first step does not pull the renderer in. Plane: shared; pure.
 * @module plugins/agent-instructions/utf8-cut
 */
const encoder = new TextEncoder()
const decoder = new TextDecoder()
export const byteLength = (text: string): number => encoder.encode(text).length

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a code point. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = encoder.encode(text)
  if (bytes.length <= maxBytes) return text
  let end = Math.max(0, Math.trunc(maxBytes))
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--
  return decoder.decode(bytes.subarray(0, end))
}
