// The SSE parser follows the WHATWG event-stream rules (S2 conformance vectors).
import { describe, expect, it } from 'vitest'
import { SseLineTooLongError, SseParser, type SseItem } from '../../../src/llm-http/sse-parser.ts'

function parse(...parts: (string | Uint8Array)[]): SseItem[] {
  const parser = new SseParser(64)
  const encoder = new TextEncoder()
  const items = parts.flatMap((part) => parser.push(typeof part === 'string' ? encoder.encode(part) : part))
  return [...items, ...parser.end()]
}

const event = (data: string, extra: Partial<{ event: string; id: string }> = {}): SseItem => ({ kind: 'event', data, event: 'message', id: '', ...extra })

describe('SseParser', () => {
  it('accepts LF, CRLF and CR line endings alike', () => {
    for (const eol of ['\n', '\r\n', '\r']) expect(parse(`data: a${eol}${eol}data: b${eol}${eol}`)).toEqual([event('a'), event('b')])
  })

  it('joins a CR at a chunk end with the LF starting the next chunk', () => {
    expect(parse('data: a\r', '\n\r', '\ndata: b\r\n\r\n')).toEqual([event('a'), event('b')])
  })

  it('strips a leading BOM, reads data without a space and multi-line data', () => {
    expect(parse('\uFEFFdata:x\ndata: y\n\n')).toEqual([event('x\ny')])
  })

  it('reports comments, ignores retry and unknown fields, keeps event and id', () => {
    expect(parse(': keep-alive\n\nretry: 10\nfoo: bar\nevent: ping\nid: 7\ndata: z\n\n')).toEqual([
      { kind: 'comment', text: 'keep-alive' },
      event('z', { event: 'ping', id: '7' }),
    ])
  })

  it('ignores blank keep-alive lines and drops an event cut off by end of stream', () => {
    expect(parse('\n\n\ndata: done\n\ndata: cut')).toEqual([event('done')])
  })

  it('decodes UTF-8 sequences split across pushes', () => {
    const bytes = new TextEncoder().encode('data: 说🚀\n\n')
    expect(parse(bytes.slice(0, 7), bytes.slice(7, 10), bytes.slice(10))).toEqual([event('说🚀')])
  })

  it('throws a named error for a line or event over the bound', () => {
    expect(() => parse(`data: ${'x'.repeat(80)}`)).toThrow(SseLineTooLongError)
    expect(() => parse(`${'data: xxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(4)}\n`)).toThrow('SSE line longer than 64 characters')
  })
})
