/**
 * Bounded stream capture: keeps the last `maxBytes` UTF-8 bytes and says whether it cut.
 * Plane: shared; pure. Contract: memory stays O(maxBytes) however much is pushed.
 * @module shell/tail-buffer
 */
import { encodeUtf8, utf8Length } from '../fs/utf8.ts'

export class TailBuffer {
  private chunks: string[] = []
  private length = 0
  private cut = false
  private readonly maxBytes: number

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  push(chunk: string): void {
    if (chunk === '') return
    this.chunks.push(chunk)
    this.length += chunk.length
    if (this.length > 2 * this.maxBytes + 4096) this.compact()
  }

  result(): { text: string; truncated: boolean } {
    this.compact()
    const text = this.chunks.join('')
    if (utf8Length(text) <= this.maxBytes) return { text, truncated: this.cut }
    const bytes = encodeUtf8(text)
    const tail = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(bytes.length - this.maxBytes))
    return { text: tail.replace(/^\uFFFD+/, ''), truncated: true }
  }

  private compact(): void {
    const text = this.chunks.join('')
    const kept = text.length > this.maxBytes ? text.slice(text.length - this.maxBytes) : text
    if (kept.length < text.length) this.cut = true
    this.chunks = [kept]
    this.length = kept.length
  }
}
