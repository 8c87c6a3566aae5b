// Approval questions fail closed: no page → next() (unavailable), page detached → unavailable, abort → cancelled, only pending ids count.
import { describe, expect, it } from 'vitest'
import { ApprovalBridge } from '../../../src/host/approval-bridge.ts'
import type { HostNotice } from '../../../src/protocol/messages.ts'

function setup(attached = true) {
  const notices: HostNotice[] = []
  const events = [{ seq: 0, type: 'tool/call', time: 0, data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{"command":"ls"}' } }]
  const lookup = (name: string) => (name === 'bash' ? ({ presentCall: (a: { command: string }) => ({ card: 'terminal', title: a.command }) } as never) : undefined)
  const bridge = new ApprovalBridge((n) => notices.push(n), () => attached, lookup)
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
    expect(question).toMatchObject({ sessionId: 's1', toolName: 'bash', callId: 'c1', reason: 'run', arguments: '{"command":"ls"}', card: { card: 'terminal', title: 'ls' } })
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
})
