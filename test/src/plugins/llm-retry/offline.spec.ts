// Reliability S10: a retryable failure while offline logs one `llm/offline`, makes no attempt
// until `online` fires, then retries without counting the wait; cancelling the wait ends the
// turn aborted; online at failure behaves as before; the default source reads globals lazily.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { platformNetwork, onlineEvent, type NetworkStatus } from '../../../../src/plugins/llm-retry/network.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import { dshSession } from '../../../harness/dsh-peer.ts'
import { createLoopRuntime, nextEvent } from '../../../harness/loop-runtime.ts'

type Loop = Awaited<ReturnType<typeof createLoopRuntime>>
let current: Loop | undefined
afterEach(async () => {
  vi.unstubAllGlobals()
  await current?.runtime.dispose()
  current = undefined
})

const down = { error: { status: 503, message: 'provider down' } }
const STEP_HEAD = ['agent/inbox/spliced', 'turn/start', 'agent/inbox/spliced', 'step/start', 'user/message', 'user/message', 'request/header', 'request/context']

/** A network switch over a real EventTarget and the plugin's own `online` wait. */
function fakeNetwork(offline: boolean) {
  const target = new EventTarget()
  const state = { offline }
  const network: NetworkStatus = { isOffline: () => state.offline, whenOnline: (signal) => onlineEvent(target, signal) }
  const goOnline = () => {
    state.offline = false
    target.dispatchEvent(new Event('online'))
  }
  return { network, goOnline }
}

async function start(replies: ScriptedReply[], offline: boolean) {
  const { network, goOnline } = fakeNetwork(offline)
  const delays: number[] = []
  const sleep = async (ms: number) => void delays.push(ms)
  current = await createLoopRuntime(replies, { patches: [{ id: 'llm-retry', config: { sleep, random: () => 0.5, network, now: () => 1234 } }] })
  current.agent.followup('go')
  return { ...current, delays, goOnline }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('llm-retry while offline', () => {
  it('waits for online without an attempt, then retries with the attempt count unchanged', async () => {
    const { agent, model, types, ofType, delays, goOnline } = await start([down, { text: 'ok' }], true)
    await nextEvent(agent.session, 'llm/offline')
    await settle()
    expect(model.requests).toHaveLength(1)
    expect(ofType('llm/retry')).toHaveLength(0)
    expect(agent.status).not.toBe('idle')
    goOnline()
    await agent.whenIdle()
    expect(model.requests).toHaveLength(2)
    expect(types()).toEqual([
      ...STEP_HEAD, 'assistant/chunk*', 'llm/offline', 'llm/retry', 'llm/retry-started', 'assistant/chunk*', 'assistant/message', 'step/end', 'turn/end',
    ])
    expect(ofType('llm/offline').map((e) => e.data)).toEqual([{ turn: 1, step: 1, since: 1234 }])
    expect(ofType('llm/retry')[0]!.data).toMatchObject({ retry: 1, maxRetries: 5, delayMs: 500, failure: { code: 'SERVER' } })
    expect(delays).toEqual([500])
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
  })

  it('ends the turn aborted when cancelled while waiting offline', async () => {
    const { agent, model, ofType } = await start([down, { text: 'never' }], true)
    await nextEvent(agent.session, 'llm/offline')
    agent.cancel({ kind: 'user' })
    await agent.whenIdle()
    expect(model.requests).toHaveLength(1)
    expect(ofType('llm/retry')).toHaveLength(0)
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'aborted', reason: { kind: 'user' } })
  })

  it('retries as before when online at the failure: no llm/offline, no wait', async () => {
    const { agent, types, delays, ofType } = await start([down, { text: 'ok' }], false)
    await agent.whenIdle()
    expect(types()).toEqual([
      ...STEP_HEAD, 'assistant/chunk*', 'llm/retry', 'llm/retry-started', 'assistant/chunk*', 'assistant/message', 'step/end', 'turn/end',
    ])
    expect(delays).toEqual([500])
    expect(ofType('turn/end')[0]!.data.reason).toEqual({ kind: 'completed' })
  })

  it('does not wait for a non-retryable failure even when offline', async () => {
    const { agent, types } = await start([{ error: { status: 401, message: 'bad key' } }], true)
    await agent.whenIdle()
    expect(types()).toEqual([...STEP_HEAD, 'assistant/chunk*', 'step/end', 'turn/end'])
  })

  it('declares llm/offline so a log holding it exports and imports', async () => {
    const { agent, runtime, goOnline } = await start([down, { text: 'ok' }], true)
    await nextEvent(agent.session, 'llm/offline')
    goOnline()
    await agent.whenIdle()
    const jsonl = await runtime.ctx.sessions.export(agent.session.id)
    await runtime.ctx.sessions.delete(agent.session.id)
    await expect(runtime.ctx.sessions.import(jsonl)).resolves.toBe(agent.session.id)
  })

  it('writes llm/offline ignorable, so dsh (which refuses unknown types not so marked) can open the log', async () => {
    const { agent, runtime, goOnline } = await start([down, { text: 'ok' }], true)
    await nextEvent(agent.session, 'llm/offline')
    goOnline()
    await agent.whenIdle()
    const lines = (await runtime.ctx.sessions.export(agent.session.id)).trim().split('\n').slice(1).map((line) => JSON.parse(line) as SessionEvent)
    const { KNOWN_SESSION_EVENT_TYPES } = await dshSession()
    const unknownToDsh = lines.filter((event) => !KNOWN_SESSION_EVENT_TYPES.has(event.type))
    expect(unknownToDsh.map((event) => [event.type, event.ignorable])).toEqual([['llm/offline', true]])
  })
})

describe('platformNetwork', () => {
  it('is never offline without navigator or without navigator.onLine', () => {
    vi.stubGlobal('navigator', undefined)
    expect(platformNetwork.isOffline()).toBe(false)
    vi.stubGlobal('navigator', {})
    expect(platformNetwork.isOffline()).toBe(false)
    vi.stubGlobal('navigator', { onLine: true })
    expect(platformNetwork.isOffline()).toBe(false)
    vi.stubGlobal('navigator', { onLine: false })
    expect(platformNetwork.isOffline()).toBe(true)
  })

  it('waits for the online event on globalThis and stops waiting when aborted', async () => {
    const target = new EventTarget()
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target))
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target))
    let online = false
    const waiting = platformNetwork.whenOnline(new AbortController().signal).then(() => { online = true })
    await settle()
    expect(online).toBe(false)
    target.dispatchEvent(new Event('online'))
    await waiting
    expect(online).toBe(true)
    const abort = new AbortController()
    const cancelled = platformNetwork.whenOnline(abort.signal)
    abort.abort(new Error('stop'))
    await expect(cancelled).rejects.toThrow('stop')
  })

  it('resolves at once where globalThis has no addEventListener', async () => {
    vi.stubGlobal('addEventListener', undefined)
    await expect(platformNetwork.whenOnline(new AbortController().signal)).resolves.toBeUndefined()
  })
})
