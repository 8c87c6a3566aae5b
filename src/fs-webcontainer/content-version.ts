/**
 * Content-derived version tokens for providers without version counters (WebContainer has no
 * stat): size plus a 64-bit FNV-1a hash of the bytes. Plane: shared; pure.
 * @module fs-webcontainer/content-version
 */
export function contentVersion(bytes: Uint8Array): string {
  let low = 0x84222325
  let high = 0xcbf29ce4
  for (let i = 0; i < bytes.length; i++) {
    low ^= bytes[i]!
    const lowProduct = low * 0x1b3
    const highProduct = high * 0x1b3 + ((low << 8) >>> 0) + Math.floor(lowProduct / 0x100000000)
    low = lowProduct >>> 0
    high = highProduct >>> 0
  }
  return `${bytes.length}-${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`
}
