// The transcript fold is pure, idempotent per seq, and draws the same view live and on reopen.
import { describe, expect, it } from 'vitest'
import { emptyTranscript, foldAll, foldEvents, foldTranscript, prependHistory } from '../../../src/protocol/transcript.ts'
import type { WireEvent } from '../../../src/protocol/messages.ts'

let seq = 0
const ev = (type: string, data: unknown, card?: unknown): WireEvent => ({ event: { seq: seq++, type, time: 0, data } as never, ...(card ? { card: card as never } : {}) })
const user = (text: string) => ev('user/message', { id: 'u', role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } })
const chunk = (type: 'text-delta' | 'reasoning-delta', text: string) => ev('assistant/chunk', { turn: 1, step: 1, chunk: { type, index: 0, text } })

function turnWithTool(): WireEvent[] {
  seq = 0
  return [
    user('hello'),
    ev('turn/start', { turn: 1 }),
    ev('step/start', { turn: 1, step: 1 }),
    chunk('reasoning-delta', 'think'),
    chunk('text-delta', 'Hi '),
    chunk('text-delta', 'there'),
    ev('assistant/message', { turn: 1, step: 1, message: { id: 'a', role: 'assistant', source: { kind: 'model', provider: 'p', model: 'm' }, content: [{ type: 'reasoning', text: 'think' }, { type: 'text', text: 'Hi there' }, { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }] } }),
    ev('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"ls"}' }, { card: 'terminal', title: 'ls' }),
    ev('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' }),
    ev('approval/decided', { id: 'ap1', outcome: 'rejected' }),
    ev('tool/result', { turn: 1, step: 1, message: { id: 'r', role: 'user', source: { kind: 'tool', callId: 'c1' }, content: [{ type: 'tool-result', toolCallId: 'c1', isError: true, content: [{ type: 'text', text: 'Error: rejected' }] }] } }),
    ev('step/end', { turn: 1, step: 1 }),
    ev('turn/end', { turn: 1, reason: { kind: 'completed' } }),
  ]
}

describe('foldTranscript', () => {
  it('streams text and reasoning into one assistant item, then settles it from the message', () => {
    const events = turnWithTool()
    const live = foldAll(events.slice(0, 6))
    expect(live.items[1]).toMatchObject({ kind: 'assistant', streaming: true, parts: [{ kind: 'reasoning', text: 'think' }, { kind: 'text', text: 'Hi there' }] })
    expect(live.openTurn).toBe(1)
    const done = foldAll(events)
    expect(done.items.map((i) => i.kind)).toEqual(['user', 'assistant', 'tool', 'turn-end'])
    expect(done.items[1]).toMatchObject({ streaming: false, key: live.items[1]!.key })
    expect(done.items[2]).toMatchObject({ call: { card: 'terminal' }, approval: { id: 'ap1', outcome: 'rejected' }, result: { isError: true, text: 'Error: rejected' } })
    expect(done.openTurn).toBeNull()
  })

  it('a trimmed result (a tool/result replace) marks its card trimmed; the trim turn moves the turn end, adding none', () => {
    const events = turnWithTool()
    const original = events.at(-3)!.event as unknown as { data: { message: { content: [{ content: unknown[] }] } } }
    const pruned = structuredClone(original.data)
    pruned.message.content[0].content = [{ type: 'text', text: 'Error: rej[... tool result middle pruned ...]ected' }]
    const trim = [
      ev('turn/start', { turn: 2 }),
      ev('compaction/prune', { shadowedRange: { start: 10, end: 10 }, shadowedSeqs: [10], shadowedTokenCount: 5 }),
      { event: { ...(ev('tool/result', pruned).event), surfaceOp: { op: 'replace', start: 10, end: 10 }, sourceEventSeqs: [10] } } as WireEvent,
      ev('turn/end', { turn: 2, reason: { kind: 'completed' } }),
    ]
    const before = foldAll(events)
    const after = foldAll([...events, ...trim])
    expect(after.items.map((i) => i.kind)).toEqual(['user', 'assistant', 'tool', 'turn-end'])
    expect(before.items[2]).not.toHaveProperty('result.trimmed')
    expect(after.items[2]).toMatchObject({ result: { trimmed: true, text: 'Error: rej[... tool result middle pruned ...]ected' } })
    expect(after.items[3]).toMatchObject({ turn: 2, seq: trim.at(-1)!.event.seq })
  })

  it('gives the same state whether folded event by event or all at once, and ignores replays', () => {
    const events = turnWithTool()
    let incremental = emptyTranscript
    for (const e of events) incremental = foldTranscript(foldTranscript(incremental, e), e)
    expect(incremental).toEqual(foldAll(events))
  })

  it('never mutates the input state and keeps untouched items identical', () => {
    const events = turnWithTool()
    const before = foldAll(events.slice(0, 5))
    const snapshot = JSON.stringify(before)
    const after = foldTranscript(before, events[5]!)
    expect(JSON.stringify(before)).toBe(snapshot)
    expect(after.items[0]).toBe(before.items[0])
  })

  it('folds a batch like its events one by one, sharing unchanged items and leaving the input alone', () => {
    const events = turnWithTool()
    const before = foldAll(events.slice(0, 4))
    const snapshot = JSON.stringify(before)
    const batched = foldEvents(before, events.slice(4))
    expect(batched).toEqual(events.slice(4).reduce(foldTranscript, before))
    expect(JSON.stringify(before)).toBe(snapshot)
    expect(batched.items[0]).toBe(before.items[0])
    expect(foldEvents(batched, events)).toBe(batched)
  })

  it('closes only the open turn\'s streams: earlier turns stay as they ended', () => {
    seq = 0
    const first = foldAll([ev('turn/start', { turn: 1 }), chunk('text-delta', 'cut'), ev('turn/end', { turn: 1, reason: { kind: 'aborted', reason: { kind: 'user' } } })])
    const state = foldEvents(first, [ev('turn/start', { turn: 2 }), ev('assistant/chunk', { turn: 2, step: 1, chunk: { type: 'text-delta', index: 0, text: 'more' } }), ev('turn/end', { turn: 2, reason: { kind: 'completed' } })])
    expect(state.items.map((i) => i.kind === 'assistant' ? [i.parts[0]!.text, i.interrupted] : i.kind)).toEqual([['cut', true], 'turn-end', ['more', true], 'turn-end'])
    expect(state.items[0]).toBe(first.items[0])
  })

  it('marks text cut off by an aborted turn as interrupted', () => {
    seq = 0
    const state = foldAll([ev('turn/start', { turn: 1 }), chunk('text-delta', 'part'), ev('turn/end', { turn: 1, reason: { kind: 'aborted', reason: { kind: 'user' } } })])
    expect(state.items[0]).toMatchObject({ kind: 'assistant', streaming: false, interrupted: true })
    expect(state.items[1]).toMatchObject({ kind: 'turn-end', reason: { kind: 'aborted' } })
  })

  it('hides plugin messages, drops empty assistant messages and keeps todos', () => {
    seq = 0
    const state = foldAll([
      ev('user/message', { id: 'p', role: 'user', content: [{ type: 'text', text: 'notice' }], source: { kind: 'plugin', plugin: 'x' } }),
      ev('turn/start', { turn: 1 }),
      ev('todo/write', { todos: [{ content: 'a', status: 'pending' }] }),
      ev('assistant/message', { turn: 1, step: 1, message: { id: 'a', role: 'assistant', source: { kind: 'model', provider: 'p', model: 'm' }, content: [] } }),
    ])
    expect(state.items).toEqual([])
    expect(state.todos).toEqual([{ content: 'a', status: 'pending' }])
  })

  it('shows a retry and an offline pause as warning notices', () => {
    seq = 0
    const failure = { code: 'TRANSPORT', message: 'fetch failed' }
    const state = foldAll([
      ev('turn/start', { turn: 1 }),
      ev('llm/offline', { turn: 1, step: 1, since: 1234 }),
      ev('llm/retry', { retryId: 'r', turn: 1, step: 1, provider: 'p', mode: 'normal', policyKey: 'normal:p', retry: 1, maxRetries: 5, delayMs: 500, failure }),
    ])
    expect(state.items).toEqual([
      { kind: 'notice', key: 'e1', seq: 1, tone: 'warning', code: 'OFFLINE', text: 'Offline — waiting for the network to retry' },
      { kind: 'notice', key: 'e2', seq: 2, tone: 'warning', code: 'TRANSPORT', text: 'retry 1: fetch failed' },
    ])
  })

  it('marks a grant that made a session rule, and a call that ran under one without asking', () => {
    seq = 0
    const call = (callId: string) => ev('tool/call', { turn: 1, step: 1, callId, name: 'bash', arguments: '{"command":"ls"}' })
    const state = foldAll([
      ev('turn/start', { turn: 1 }),
      call('c1'),
      ev('approval/asked', { id: 'ap1', toolName: 'bash', callId: 'c1' }),
      ev('approval/rule', { ruleId: 'r1', toolName: 'bash', subject: 'ls', callId: 'c1' }),
      ev('approval/decided', { id: 'ap1', outcome: 'allowed-once' }),
      call('c2'),
      ev('approval/rule-applied', { ruleId: 'r1', callId: 'c2' }),
    ])
    expect(state.items.map((i) => (i.kind === 'tool' ? i.approval : undefined))).toEqual([
      { id: 'ap1', outcome: 'allowed-once', rule: 'made' },
      { id: 'r1', outcome: 'allowed-once', rule: 'applied' },
    ])
  })

  it('older history folded on its own and put before the tail gives the same items as folding it all', () => {
    const first = turnWithTool()
    const second = turnWithTool().map((w) => ({ ...w, event: { ...w.event, seq: w.event.seq + first.length } }))
    const whole = foldAll([...first, ...second])
    const tail = foldAll(second)
    const joined = prependHistory(tail, first)
    expect(joined.items).toEqual(whole.items)
    expect([joined.lastSeq, joined.openTurn, joined.todos]).toEqual([tail.lastSeq, tail.openTurn, tail.todos])
    expect(prependHistory(tail, [])).toBe(tail)
  })

  it('shows MCP servers going, coming back and left-out tools as notices', () => {
    seq = 0
    const state = foldAll([
      ev('mcp/server', { server: 'docs', status: 'unavailable', code: 'MCP_UNREACHABLE', reason: 'unreachable: fetch failed' }),
      ev('mcp/problem', { server: 'docs', code: 'MCP_TOOL_SCHEMA_TOO_LARGE', reason: 'inputSchema is 40000 characters', tool: 'huge' }),
      ev('mcp/server', { server: 'docs', status: 'connected', tools: 2 }),
    ])
    expect(state.items).toEqual([
      { kind: 'notice', key: 'e0', seq: 0, tone: 'warning', code: 'MCP_UNREACHABLE', text: 'MCP server "docs" unavailable, its tools are absent: unreachable: fetch failed' },
      { kind: 'notice', key: 'e1', seq: 1, tone: 'warning', code: 'MCP_TOOL_SCHEMA_TOO_LARGE', text: 'MCP server "docs", tool "huge": inputSchema is 40000 characters' },
      { kind: 'notice', key: 'e2', seq: 2, tone: 'info', code: 'MCP_CONNECTED', text: 'MCP server "docs" connected (2 tools)' },
    ])
  })

  it('shows background jobs ending and jobs lost by a reload as notices', () => {
    seq = 0
    const state = foldAll([
      ev('job/started', { jobId: 'job-1', label: 'npm test' }),
      ev('job/ended', { jobId: 'job-1', label: 'npm test', status: 'completed', exitCode: 0, signal: null }),
      ev('job/ended', { jobId: 'job-2', label: 'tail -f log', status: 'killed', exitCode: null, signal: 'SIGTERM' }),
      ev('job/lost', { jobId: 'job-3', label: 'serve' }),
    ])
    expect(state.items).toEqual([
      { kind: 'notice', key: 'e1', seq: 1, tone: 'info', code: 'JOB_ENDED', text: 'Background job job-1 completed (exit code 0): npm test' },
      { kind: 'notice', key: 'e2', seq: 2, tone: 'info', code: 'JOB_ENDED', text: 'Background job job-2 killed (SIGTERM): tail -f log' },
      { kind: 'notice', key: 'e3', seq: 3, tone: 'warning', code: 'JOB_LOST', text: 'Background job job-3 was lost — it was still running when the session was closed or the page reloaded: serve' },
    ])
  })

  it('shows the person\'s saves as a notice', () => {
    seq = 0
    const state = foldAll([ev('workspace/saved-by-person', { path: 'src/app.ts', version: 'v2' })])
    expect(state.items).toEqual([
      { kind: 'notice', key: 'e0', seq: 0, tone: 'info', code: 'SAVED_BY_PERSON', text: 'You saved src/app.ts: the agent is told, and reads it again before changing it' },
    ])
  })
})
