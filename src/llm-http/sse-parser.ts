/**
 * Incremental Server-Sent-Events parser (WHATWG HTML §9.2) over raw bytes. Plane: shared;
 * no globals besides TextDecoder. Contract: the same items whatever the byte splits
 * (CR, LF, CRLF incl. a CR/LF pair split across pushes; UTF-8 split anywhere; leading BOM);
 * an event cut off by end of stream is dropped; lines longer than `maxLineLength` throw.
 * @module llm-http/sse-parser
 */

export type SseItem =
  | { kind: 'event'; data: string; event: string; id: string }
  | { kind: 'comment'; text: string }

/** Thrown when one line (or one event's data) exceeds the configured bound. */
export class SseLineTooLongError extends Error {
  override readonly name = 'SseLineTooLongError'
  constructor(readonly limit: number) {
    super(`SSE line longer than ${limit} characters`)
  }
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8')
  private line = ''
  private afterCR = false
  private data = ''
  private hasData = false
  private eventType = ''
  private lastId = ''

  constructor(private readonly maxLineLength = 16 * 1024 * 1024) {}

  /** Feeds bytes; returns the items completed by them. */
  push(bytes: Uint8Array): SseItem[] {
    return this.feed(this.decoder.decode(bytes, { stream: true }))
  }

  /** Flushes the decoder at end of stream; a pending unterminated event is dropped per spec. */
  end(): SseItem[] {
    const items = this.feed(this.decoder.decode())
    this.line = ''
    this.data = ''
    this.hasData = false
    return items
  }

  private feed(text: string): SseItem[] {
    const items: SseItem[] = []
    let start = 0
    if (this.afterCR && text.length > 0) {
      if (text.charCodeAt(0) === 10) start = 1
      this.afterCR = false
    }
    let lf = text.indexOf('\n', start)
    let cr = text.indexOf('\r', start)
    while (lf >= 0 || cr >= 0) {
      const atCR = cr >= 0 && (lf < 0 || cr < lf)
      const end = atCR ? cr : lf
      this.takeLine(text.slice(start, end), items)
      start = end + 1
      if (atCR) {
        if (start === text.length) this.afterCR = true
        else if (text.charCodeAt(start) === 10) start += 1
      }
      if (lf >= 0 && lf < start) lf = text.indexOf('\n', start)
      if (cr >= 0 && cr < start) cr = text.indexOf('\r', start)
    }
    if (start < text.length) this.appendPartial(text.slice(start))
    return items
  }

  private appendPartial(fragment: string): void {
    if (this.line.length + fragment.length > this.maxLineLength) throw new SseLineTooLongError(this.maxLineLength)
    this.line += fragment
  }

  private takeLine(tail: string, items: SseItem[]): void {
    this.appendPartial(tail)
    const line = this.line
    this.line = ''
    if (line === '') {
      this.dispatch(items)
      return
    }
    if (line.charCodeAt(0) === 58) {
      items.push({ kind: 'comment', text: line.slice(1).replace(/^ /, '') })
      return
    }
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.charCodeAt(0) === 32) value = value.slice(1)
    this.field(field, value)
  }

  private field(name: string, value: string): void {
    if (name === 'data') {
      if (this.data.length + value.length + 1 > this.maxLineLength) throw new SseLineTooLongError(this.maxLineLength)
      this.data += this.hasData ? `\n${value}` : value
      this.hasData = true
    } else if (name === 'event') {
      this.eventType = value
    } else if (name === 'id' && !value.includes('\u0000')) {
      this.lastId = value
    }
  }

  private dispatch(items: SseItem[]): void {
    if (this.hasData) items.push({ kind: 'event', data: this.data, event: this.eventType || 'message', id: this.lastId })
    this.data = ''
    this.hasData = false
    this.eventType = ''
  }
}
