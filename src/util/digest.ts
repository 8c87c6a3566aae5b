/**
 * Content digests as lowercase hex (Web Crypto: the same in the worker, the page and Node).
 * Plane: shared. Contract: `sha1Hex` is dsh's instruction-file identity, `sha256Hex` its catalog identity.
 * @module util/digest
 */
const encoder = new TextEncoder()

async function hex(algorithm: 'SHA-1' | 'SHA-256', text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest(algorithm, encoder.encode(text)))
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

export const sha1Hex = (text: string): Promise<string> => hex('SHA-1', text)
export const sha256Hex = (text: string): Promise<string> => hex('SHA-256', text)
