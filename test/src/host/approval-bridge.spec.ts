// Approval questions fail closed: no page → next() (unavailable), page detached → unavailable, abort → cancelled, only pending ids count.
import { describe, expect, it } from 'vitest'
import { ApprovalBridge } from '../../../src/host/approval-bridge.ts'
import type { HostNotice } from '../../../src/protocol/messages.ts'

function setup(attached = true, extra: { remember?: (request: unknown, question: unknown) => void; preview?: (q: never) => Promise<never> | undefined } = {}) {
  const notices: HostNotice[] = []
  const events = [{ seq: 0, type: 'tool/call', time: 0, data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"ls"}' } }]
  const lookup = (name: string) => (name === 'bash' ? ({ effect: 'execute', presentCall: (a: { command: string }) => ({ card: 'terminal', title: a.command }) } as never) : undefined)
  const bridge = new ApprovalBridge((n) => notices.push(n), () => attached, lookup, extra.remember as never, extra.preview as never)
  const request = (signal?: AbortSignal) => ({ agent: { id: 's1', session: { events } } as never, toolName: 'bash', callId: 'c1' as never, reason: 'run', ...(signal ? { signal } : {}) })
  return { bridge, notices, request }
}

const next = () => Promise.resolve('unavailable' as const)

describe('ApprovalBridge', () => {
  it('asks the page with the call card and resolves with its answer', async () => {
    const { bridge, notices, request } = setup()
    const outcome = bridge.answer(request(), next)
    expect(notices).toHaveLength(1)
    const question = (notices[0] as Extract<HostNotice, { kind: 'approval.requested' }>).question
    expect(question).toMatchObject({ sessionId: 's1', toolName: 'bash', callId: 'c1', reason: 'run', effect: 'execute', arguments: '{"command":"ls"}', card: { card: 'terminal', title: 'ls' } })
    expect(bridge.decide(question.id, 'allowed-once')).toBe(true)
    await expect(outcome).resolves.toBe('allowed-once')
    expect(bridge.decide(question.id, 'allowed-once')).toBe(false)
  })

  it('passes to next() when no page is attached', async () => {
    const { bridge, notices, request } = setup(false)
    await expect(bridge.answer(request(), () => Promise.resolve('rejected'))).resolves.toBe('rejected')
    expect(notices).toEqual([])
  })

  it('answers unavailable for every pending question when the page detaches', async () => {
    const { bridge, request } = setup()
    const a = bridge.answer(request(), next)
    const b = bridge.answer(request(), next)
    bridge.detachAll()
    await expect(Promise.all([a, b])).resolves.toEqual(['unavailable', 'unavailable'])
  })

  it('answers cancelled on abort and withdraws the question', async () => {
    const { bridge, notices, request } = setup()
    const controller = new AbortController()
    const outcome = bridge.answer(request(controller.signal), next)
    controller.abort()
    await expect(outcome).resolves.toBe('cancelled')
    expect(notices.map((n) => n.kind)).toEqual(['approval.requested', 'approval.withdrawn'])
  })

  it('ignores answers to unknown ids', () => {
    const { bridge } = setup()
    expect(bridge.decide('nope' as never, 'allowed-once')).toBe(false)
  })

  it('"Allow for this session" makes the rule before granting; a rule that cannot be made grants nothing', async () => {
    const made: unknown[] = []
    const ok = setup(true, { remember: (request, question) => made.push([(request as { toolName: string }).toolName, (question as { arguments: string }).arguments]) })
    const granted = ok.bridge.answer(ok.request(), next)
    const id = (ok.notices[0] as Extract<HostNotice, { kind: 'approval.requested' }>).question.id
    expect(ok.bridge.decide(id, 'allowed-once', true)).toBe(true)
    await expect(granted).resolves.toBe('allowed-once')
    expect(made).toEqual([['bash', '{"command":"ls"}']])

    const failing = setup(true, { remember: () => { throw new Error('no rules here') } })
    const waiting = failing.bridge.answer(failing.request(), next)
    const failingId = (failing.notices[0] as Extract<HostNotice, { kind: 'approval.requested' }>).question.id
    expect(() => failing.bridge.decide(failingId, 'allowed-once', true)).toThrow('no rules here')
    expect(failing.bridge.decide(failingId, 'rejected')).toBe(true) // still pending until a real answer
    await expect(waiting).resolves.toBe('rejected')
  })

  it('posts the fuller preview once it is ready, the plain question when it fails, nothing when it outlives the question', async () => {
    let finish!: (q: never) => void
    const slow = setup(true, { preview: (q) => new Promise((resolve) => { finish = () => resolve({ ...(q as object), reason: 'fuller' } as never) }) })
    const answered = slow.bridge.answer(slow.request(), next)
    expect(slow.notices).toEqual([])
    finish(undefined as never)
    await new Promise((r) => setTimeout(r, 0))
    const shown = (slow.notices[0] as Extract<HostNotice, { kind: 'approval.requested' }>).question
    expect(shown.reason).toBe('fuller')
    slow.bridge.decide(shown.id, 'rejected')
    await answered

    const failing = setup(true, { preview: () => Promise.reject(new Error('unreadable')) })
    void failing.bridge.answer(failing.request(), next)
    await new Promise((r) => setTimeout(r, 0))
    expect((failing.notices[0] as Extract<HostNotice, { kind: 'approval.requested' }>).question.reason).toBe('run')

    const late = setup(true, { preview: () => new Promise(() => undefined) })
    const controller = new AbortController()
    const cancelled = late.bridge.answer(late.request(controller.signal), next)
    controller.abort()
    await expect(cancelled).resolves.toBe('cancelled')
    expect(late.notices.map((n) => n.kind)).toEqual(['approval.withdrawn'])
  })
})
