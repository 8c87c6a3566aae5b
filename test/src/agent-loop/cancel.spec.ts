// cancel() in every phase (idle, streaming, tool running, retry wait) × keepInbox: the abort
// reaches the request and tool signals synchronously, the turn ends aborted with the cause,
// queued input is cleared (logged) or kept, and whenIdle() resolves.
import { afterEach, describe, expect, it } from 'vitest'
import type { UserMessage } from '../../../src/llm/types.ts'
import { defineTool } from '../../../src/index.ts'
import { blockingTool, createLoopRuntime, nextEvent } from '../../harness/loop-runtime.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  await current?.runtime.dispose()
  current = undefined
})
const text = (m: UserMessage) => (m.content[0] as { text: string }).text
const aborted = { kind: 'aborted', reason: { kind: 'user' } }
const neverSleep = (_ms: number, signal: AbortSignal) => new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))

describe('cancel while idle', () => {
  for (const keepInbox of [false, true]) {
    it(`keepInbox ${keepInbox}: ${keepInbox ? 'keeps' : 'clears (logged)'} queued input, starts nothing`, async () => {
      current = await createLoopRuntime([])
      const { agent, types, ofType } = current
      agent.inject('queued')
      agent.cancel({ kind: 'user' }, { keepInbox })
      await agent.whenIdle()
      expect(agent.status).toBe('idle')
      expect(types()).toEqual(keepInbox ? ['agent/inbox/spliced'] : ['agent/inbox/spliced', 'agent/inbox/spliced'])
      expect(agent.inbox.nextStep.map(text)).toEqual(keepInbox ? ['queued'] : [])
      expect(ofType('agent/inbox/spliced')[1]?.data).toEqual(keepInbox ? undefined : { target: 'next-step', start: 0, removedCount: 1, inserted: [], outcome: 'canceled' })
    })
  }
})

type Phase = 'streaming' | 'tool' | 'retry-wait'

async function startPhase(phase: Phase): Promise<{ loop: Loop; signals: AbortSignal[]; toolAborted?: () => boolean }> {
  const block = blockingTool()
  const replies = phase === 'streaming' ? [{ hang: true as const }]
    : phase === 'tool' ? [{ toolCalls: [{ name: 'block', arguments: {} }] }]
      : [{ error: { status: 503, message: 'provider down' } }]
  const loop = await createLoopRuntime(replies, { patches: [{ id: 'llm-retry', config: { sleep: neverSleep } }] })
  current = loop
  const signals: AbortSignal[] = []
  loop.runtime.ctx.on('llm/stream', (options, next) => {
    signals.push(options.signal!)
    return next()
  })
  loop.runtime.ctx.tools.register(block.tool)
  let toolAborted = false
  void block.aborted.then(() => { toolAborted = true })
  loop.agent.followup('go')
  const session = loop.agent.session
  if (phase === 'streaming') await nextEvent(session, 'assistant/chunk')
  if (phase === 'tool') await block.started
  if (phase === 'retry-wait') await nextEvent(session, 'llm/retry')
  loop.agent.followup('queued during the turn')
  return { loop, signals, toolAborted: () => toolAborted }
}

const tails: Record<Phase, string[]> = {
  'streaming': ['assistant/chunk*', 'assistant/message', 'step/end', 'turn/end'],
  'tool': ['tool/call', 'tool/result', 'step/end', 'turn/end'],
  'retry-wait': ['llm/retry', 'agent/inbox/spliced', 'step/end', 'turn/end'],
}

for (const phase of ['streaming', 'tool', 'retry-wait'] as const) {
  describe(`cancel while ${phase}`, () => {
    for (const keepInbox of [false, true]) {
      it(`keepInbox ${keepInbox}: aborts at once, ends the turn aborted, ${keepInbox ? 'keeps' : 'clears'} the queue`, async () => {
        const { loop, signals } = await startPhase(phase)
        const { agent, types, ofType, model } = loop
        agent.cancel({ kind: 'user' }, { keepInbox })
        expect(signals[0]!.aborted).toBe(true)
        expect(signals[0]!.reason).toEqual({ kind: 'user' })
        await agent.whenIdle()
        expect(agent.status).toBe('idle')
        expect(ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted])
        expect(ofType('turn/start')).toHaveLength(1)
        expect(agent.inbox.nextTurn.map(text)).toEqual(keepInbox ? ['queued during the turn'] : [])
        const withoutInbox = types().filter((t) => t !== 'agent/inbox/spliced')
        expect(withoutInbox.slice(-tails[phase].filter((t) => t !== 'agent/inbox/spliced').length)).toEqual(tails[phase].filter((t) => t !== 'agent/inbox/spliced'))
        expect(types().filter((t) => t === 'agent/inbox/spliced')).toHaveLength(keepInbox ? 3 : 4)
        expect(model.requests).toHaveLength(1)
        expect(types()).not.toContain('llm/retry-started')
      })
    }
  })
}

describe('cancel details', () => {
  it('an aborted stream keeps its partial text as an interrupted assistant message', async () => {
    const { loop } = await startPhase('streaming')
    loop.agent.cancel({ kind: 'user' })
    await loop.agent.whenIdle()
    const message = loop.ofType('assistant/message')[0]!
    expect(message.data.interrupted).toBe(true)
    expect(message.data.message.content).toEqual([{ type: 'text', text: 'Thinking about it' }])
    expect(message.sourceEventSeqs!.length).toBeGreaterThan(0)
  })

  it('a running tool is aborted synchronously and its result is committed before step/end', async () => {
    const { loop, toolAborted } = await startPhase('tool')
    loop.agent.cancel({ kind: 'hook', reason: 'test' }, { keepInbox: true })
    await Promise.resolve()
    expect(toolAborted!()).toBe(true)
    await loop.agent.whenIdle()
    const result = loop.ofType('tool/result')[0]!
    expect(result.data.message.content[0].isError).toBe(true)
    expect(result.data.message.content[0].content).toEqual([{ type: 'text', text: 'Error: blocked tool aborted' }])
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'aborted', reason: { kind: 'hook', reason: 'test' } })
  })

  it('the first cancel cause wins', async () => {
    const { loop } = await startPhase('streaming')
    loop.agent.cancel({ kind: 'parent' }, { keepInbox: true })
    loop.agent.cancel({ kind: 'user' }, { keepInbox: true })
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'aborted', reason: { kind: 'parent' } })
  })

  it('disposing the runtime mid-turn closes the turn aborted (disposed)', async () => {
    const { loop } = await startPhase('streaming')
    const { session } = loop.agent
    await loop.runtime.dispose()
    current = undefined
    expect(session.events.filter((e) => e.type === 'turn/end').map((e) => e.data)).toEqual([{ turn: 1, reason: { kind: 'aborted', reason: { kind: 'disposed' } } }])
  })

  it('a wake sent deep into a slow abort convergence is latched: the aborted turn closes, then it runs (dsh cancel.spec)', async () => {
    const loop = await createLoopRuntime([{ toolCalls: [{ name: 'slow_stop', arguments: {} }] }, { text: 'B reply' }])
    current = loop
    let markStarted!: () => void
    const started = new Promise<void>((resolve) => { markStarted = resolve })
    loop.runtime.ctx.tools.register(defineTool({
      name: 'slow_stop', description: 'Notices an abort only 50 ms later.', parameters: { type: 'object', properties: {} },
      output: { schema: { type: 'string' }, render: (value) => [{ type: 'text', text: String(value) }] },
      execute: (_args, exec) => new Promise<string>((_resolve, reject) => {
        markStarted()
        exec.signal.addEventListener('abort', () => setTimeout(() => reject(new Error('stopped late')), 50))
      }),
    }))
    loop.agent.followup('A')
    await started
    loop.agent.cancel({ kind: 'user' }, { keepInbox: true })
    await new Promise((resolve) => setTimeout(resolve, 10)) // the tool phase is still running
    loop.agent.followup('B')
    await loop.agent.whenIdle()
    const userTexts = loop.ofType('user/message').filter((e) => e.data.source.kind === 'user').map((e) => text(e.data))
    expect(userTexts).toEqual(['A', 'B'])
    expect(loop.model.requests).toHaveLength(2)
    expect(loop.agent.inbox.nextTurn).toHaveLength(0)
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted, { kind: 'completed' }])
  })

  it('a cancel after an assistant message with tool calls answers each call ABORTED_BEFORE_DISPATCH; the next request is balanced', async () => {
    const loop = await createLoopRuntime([
      { toolCalls: [{ name: 'danger', arguments: {}, id: 'c1' }, { name: 'danger', arguments: {}, id: 'c2' }] },
      { text: 'recovered' },
    ])
    current = loop
    let executions = 0
    loop.runtime.ctx.tools.register(defineTool({
      name: 'danger', description: 'Must not run after a cancel.', parameters: { type: 'object', properties: {} },
      output: { schema: { type: 'string' }, render: (value) => [{ type: 'text', text: String(value) }] },
      execute: async () => { executions += 1; return 'ran' },
    }))
    const stop = loop.runtime.ctx.on('session/event', (session, event) => {
      if (session === loop.agent.session && event.type === 'assistant/message') loop.agent.cancel({ kind: 'user' })
    })
    loop.agent.followup('go')
    await loop.agent.whenIdle()
    stop()
    expect(executions).toBe(0)
    expect(loop.ofType('tool/call').map((e) => e.data.callId)).toEqual(['c1', 'c2'])
    expect(loop.ofType('tool/result').map((e) => ({ callId: e.data.message.source.callId, isError: e.data.message.content[0].isError, code: e.data.error?.code }))).toEqual([
      { callId: 'c1', isError: true, code: 'ABORTED_BEFORE_DISPATCH' },
      { callId: 'c2', isError: true, code: 'ABORTED_BEFORE_DISPATCH' },
    ])
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted])
    loop.agent.followup('continue')
    await loop.agent.whenIdle()
    const replayed = loop.model.requests[1]!.messages.flatMap((m) => m.content).filter((b) => b.type === 'tool-result')
    expect(replayed.map((b) => (b as { toolCallId: string }).toolCallId)).toEqual(['c1', 'c2'])
    expect(loop.ofType('turn/end').map((e) => e.data.reason.kind)).toEqual(['aborted', 'completed'])
  })
})

// dsh cancel.spec "cancel right after a waking send": the waking send opens the turn (turn/start,
// the claim) before it returns, so a cancel in the same tick closes that turn aborted, no step.
describe('cancel right after a waking send', () => {
  const userTexts = (loop: Loop) => loop.ofType('user/message').filter((e) => e.data.source.kind === 'user').map((e) => text(e.data))

  it('followup(A); cancel(): the turn A opened ends aborted, without a step or a request', async () => {
    const loop = await createLoopRuntime([{ text: 'should not run' }])
    current = loop
    loop.agent.followup('A')
    expect(loop.ofType('turn/start')).toHaveLength(1)
    expect(loop.agent.status).toBe('running')
    loop.agent.cancel({ kind: 'user' })
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted])
    expect(loop.ofType('step/start')).toHaveLength(0)
    expect(userTexts(loop)).toEqual([])
    expect(loop.model.requests).toHaveLength(0)
    expect(loop.agent.status).toBe('idle')
  })

  it('two waking sends then a cancel: one turn opened and closed aborted, nothing entered (dsh)', async () => {
    const loop = await createLoopRuntime([{ text: 'should not run' }])
    current = loop
    loop.agent.followup('drop me first')
    loop.agent.followup('drop me second')
    loop.agent.cancel({ kind: 'user' })
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/start')).toHaveLength(1)
    expect(loop.ofType('step/start')).toHaveLength(0)
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted])
    expect(userTexts(loop)).toEqual([])
    expect(loop.agent.inbox.nextTurn).toHaveLength(0)
  })

  it('followup(A); cancel(); followup(B): converges to B\'s turn', async () => {
    const loop = await createLoopRuntime([{ text: 'B reply' }])
    current = loop
    loop.agent.followup('A')
    loop.agent.cancel({ kind: 'user' })
    loop.agent.followup('B')
    await loop.agent.whenIdle()
    expect(loop.ofType('turn/end').map((e) => e.data.reason)).toEqual([aborted, { kind: 'completed' }])
    expect(userTexts(loop)).toEqual(['B'])
    expect(loop.model.requests).toHaveLength(1)
    expect(loop.agent.status).toBe('idle')
  })

  it('keepInbox does not restore work the waking send already claimed (dsh)', async () => {
    const loop = await createLoopRuntime([{ text: 'wake reply' }])
    current = loop
    loop.agent.followup('preserved')
    loop.agent.cancel({ kind: 'user' }, { keepInbox: true })
    expect(loop.ofType('agent/inbox/spliced').some((e) => e.data.outcome === 'canceled')).toBe(false)
    await loop.agent.whenIdle()
    expect(loop.agent.inbox.nextTurn).toHaveLength(0)
    expect(userTexts(loop)).toEqual([])
    expect(loop.model.requests).toHaveLength(0)
    expect(loop.ofType('turn/end').at(-1)!.data.reason).toEqual(aborted)
    loop.agent.followup('wake it')
    await loop.agent.whenIdle()
    expect(userTexts(loop)).toEqual(['wake it'])
    expect(loop.model.requests).toHaveLength(1)
  })

  it('a whenIdle() waiter registered before that cancel resolves (dsh F1 hang guard)', async () => {
    const loop = await createLoopRuntime([{ text: 'x' }])
    current = loop
    loop.agent.followup('q')
    const idle = loop.agent.whenIdle()
    loop.agent.cancel({ kind: 'user' })
    await idle
    expect(loop.agent.status).toBe('idle')
  })
})
