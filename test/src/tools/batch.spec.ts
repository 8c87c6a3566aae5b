// executeToolBatch: safe calls overlap, unsafe ones run alone, results and contexts commit in model order, aborts close every call.
import { describe, expect, it } from 'vitest'
import { createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { ToolDefinition } from '../../../src/tools/types.ts'
import { toolPairingProblems } from '../../../src/tools/invariant.ts'

/** A tool whose body records start/end marks and waits until released (deterministic, no clocks). */
function gatedTool(name: string, safe: boolean, marks: string[], gates: Map<string, () => void>, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return echoTool({
    name,
    isConcurrencySafe: () => safe,
    execute: async (args: { text: string }, exec) => {
      marks.push(`start:${args.text}`)
      await new Promise<void>((resolve) => gates.set(args.text, resolve))
      marks.push(`end:${args.text}`)
      exec.deferContext(createUserMessage(`ctx:${args.text}`))
      return { echoed: args.text }
    },
    ...extra,
  })
}

/** Releases gated bodies in the given order once each has started. */
async function release(order: string[], gates: Map<string, () => void>): Promise<void> {
  for (const key of order) {
    while (!gates.has(key)) await new Promise((r) => setTimeout(r, 0))
    gates.get(key)!()
  }
}

describe('executeToolBatch', () => {
  it('safe calls overlap; results are logged in model order even when bodies end out of order', async () => {
    const h = await createToolHarness()
    const marks: string[] = []
    const gates = new Map<string, () => void>()
    h.root.tools.register(gatedTool('safe', true, marks, gates))
    const batch = h.batch(['a', 'b', 'c'].map((text) => ({ name: 'safe', arguments: JSON.stringify({ text }) })))
    await release(['c', 'b', 'a'], gates)
    const outcome = await batch
    expect(marks.slice(0, 3)).toEqual(['start:a', 'start:b', 'start:c'])
    expect(marks.slice(3)).toEqual(['end:c', 'end:b', 'end:a'])
    expect(h.results().map(resultText)).toEqual(['a', 'b', 'c'])
    expect(h.logged().map((e) => e.type)).toEqual(['tool/call', 'tool/call', 'tool/call', 'tool/result', 'tool/result', 'tool/result'])
    expect(outcome.contexts.map((m) => m.content[0]!.type === 'text' && m.content[0].text)).toEqual(['ctx:a', 'ctx:b', 'ctx:c'])
    expect(toolPairingProblems(h.session.events)).toEqual([])
  })

  it('unsafe calls run alone: each ends before the next starts, and each result precedes the next call', async () => {
    const h = await createToolHarness()
    const marks: string[] = []
    const gates = new Map<string, () => void>()
    h.root.tools.register(gatedTool('unsafe', false, marks, gates))
    h.root.tools.register(gatedTool('safe', true, marks, gates))
    const batch = h.batch([
      { name: 'safe', arguments: '{"text":"s1"}' },
      { name: 'unsafe', arguments: '{"text":"u"}' },
      { name: 'safe', arguments: '{"text":"s2"}' },
    ])
    await release(['s1', 'u', 's2'], gates)
    await batch
    expect(marks).toEqual(['start:s1', 'end:s1', 'start:u', 'end:u', 'start:s2', 'end:s2'])
    expect(h.logged().map((e) => e.type)).toEqual(['tool/call', 'tool/result', 'tool/call', 'tool/result', 'tool/call', 'tool/result'])
  })

  it('the pool never exceeds maxParallel', async () => {
    const h = await createToolHarness()
    const marks: string[] = []
    const gates = new Map<string, () => void>()
    h.root.tools.register(gatedTool('safe', true, marks, gates))
    const batch = h.batch(['a', 'b', 'c'].map((text) => ({ name: 'safe', arguments: JSON.stringify({ text }) })), undefined, 2)
    await release(['a', 'b', 'c'], gates)
    await batch
    expect(marks.indexOf('start:c')).toBeGreaterThan(marks.indexOf('end:a'))
    expect(marks.slice(0, 2)).toEqual(['start:a', 'start:b'])
  })

  it('additionalContexts come back after all results, FIFO across calls, and concludesTurn is reported', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool({ name: 'concluding', execute: async (args: { text: string }, exec) => (exec.concludeTurn(), { echoed: args.text }) }))
    h.root.tools.register(echoTool())
    h.root.on('tools/post-execute', async (exec, _result, next) => ({ ...(await next()), additionalContexts: [createUserMessage(`after:${exec.callId}`)] }))
    const outcome = await h.batch([{ name: 'echo', arguments: '{"text":"1"}' }, { name: 'concluding', arguments: '{"text":"2"}' }])
    expect(outcome.concludesTurn).toBe(true)
    expect(outcome.contexts.map((m) => m.content[0]!.type === 'text' && m.content[0].text)).toEqual(['after:call-1', 'after:call-2'])
    expect(h.session.events.filter((e) => e.type === 'user/message')).toEqual([])
  })

  it('abort: started calls drain and commit; unstarted calls get a tool/call + ABORTED_BEFORE_DISPATCH pair', async () => {
    const h = await createToolHarness()
    const controller = new AbortController()
    const ran: string[] = []
    h.root.tools.register(echoTool({
      execute: async (args: { text: string }, exec) => {
        ran.push(args.text)
        controller.abort()
        expect(exec.signal.aborted).toBe(true)
        return { echoed: args.text }
      },
    }))
    await h.batch([{ name: 'echo', arguments: '{"text":"1"}' }, { name: 'echo', arguments: '{"text":"2"}' }, { name: 'nope', arguments: '' }], controller.signal)
    expect(ran).toEqual(['1'])
    expect(h.logged().map((e) => e.type)).toEqual(['tool/call', 'tool/result', 'tool/call', 'tool/result', 'tool/call', 'tool/result'])
    expect(h.results().map((r) => r.data.error?.code)).toEqual(['ABORTED', 'ABORTED_BEFORE_DISPATCH', 'ABORTED_BEFORE_DISPATCH'])
    expect(h.results().map(resultText)).toEqual(['Error: tool call aborted', 'Error: tool call aborted before dispatch', 'Error: tool call aborted before dispatch'])
    expect(h.results()[0]!.data.error).toEqual({ name: 'AbortError', code: 'ABORTED' })
    expect(toolPairingProblems(h.session.events)).toEqual([])
  })

  it('a refused append is a scheduler failure: it rejects after draining', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    h.session.append('step/end', { turn: 1, step: 1 })
    await expect(h.batch([{ name: 'echo', arguments: '{"text":"1"}' }])).rejects.toThrow(/tool\/call/)
  })
})

describe('toolPairingProblems', () => {
  it('reports a result citing the wrong call and a call answered twice', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    await h.batch([{ name: 'echo', arguments: '{"text":"1"}', callId: 'a' }])
    const [call, result] = h.logged()
    const forged = { ...result!, seq: 99, data: { ...(result!.data as object), message: { ...(result!.data as { message: object }).message, source: { kind: 'tool', callId: 'b' } } } }
    expect(toolPairingProblems([...h.session.events, result!, forged as never])).toEqual([
      `seq ${result!.seq}: tool/call seq ${call!.seq} is answered twice`,
      `seq 99: tool/result for b cites seq ${call!.seq} (call a, turn 1 step 1)`,
      `seq 99: tool/call seq ${call!.seq} is answered twice`,
    ])
  })
})
