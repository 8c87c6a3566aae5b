// The loop machine alone, with provided phases and recording actions: the trace of phases
// and log writes for every turn shape, cancellation in each phase, the close reasons, and the
// step's values (prompt, tool calls, failed attempt) carried from phase to phase by the chart.
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { agentLoopMachine, LoopImplementationMissingError } from '../../../src/agent-loop/machine.ts'
import { phaseRunner } from '../../../src/agent-loop/phases.ts'
import type {
  FailedAttempt, LoopContext, PreStepDecision, PreStepInput, RecoveryOutcome, RequestErrorInput, RequestInput, RequestOutcome,
  StepInput, ToolBatchInput, ToolBatchOutcome,
} from '../../../src/agent-loop/loop-types.ts'
import { DEFAULT_RETRY_POLICY } from '../../../src/llm/errors.ts'
import type { LlmFailure } from '../../../src/llm/types.ts'
import type { PromptAssembly } from '../../../src/prompt/types.ts'
import type { ToolBatchCall } from '../../../src/tools/batch.ts'
import type { CallId } from '../../../src/util/brand.ts'
import { closeReason } from '../../../src/agent-loop/guards.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'

type Script = {
  preStep?: (input: PreStepInput) => PreStepDecision
  request?: (input: RequestInput, attempt: number) => RequestOutcome | 'hang'
  requestError?: (input: RequestErrorInput) => RecoveryOutcome | 'hang'
  toolBatch?: (input: ToolBatchInput) => ToolBatchOutcome | 'hang'
  turnStopping?: (input: StepInput) => void
}

const enter = (n: number): PreStepDecision => ({ kind: 'enter', messages: Array.from({ length: n }, (_, i) => createUserMessage(`m${i}`)) })
/** The prompt the harness's pre-step "assembles" for a step: tagged with its turn and step. */
const assemblyOf = (input: PreStepInput): PromptAssembly => ({ sections: [], contexts: [], tools: [], variables: { step: `${input.turn}.${input.step}` } })
const call = (id: string): ToolBatchCall => ({ callId: id as CallId, name: 'echo', arguments: '{}' })
const stop: RequestOutcome = { kind: 'finished', finish: 'stop', calls: [] }
const tools: RequestOutcome = { kind: 'finished', finish: 'tool-calls', calls: [call('c1'), call('c2')] }
const failed = (failure: LlmFailure): RequestOutcome & FailedAttempt => ({ kind: 'failed', failure, provider: 'scripted', retryPolicy: DEFAULT_RETRY_POLICY })

/** Resolves with `value`, or never settles before `signal` aborts when `value` is 'hang'. */
function settle<T>(value: T | 'hang', signal: AbortSignal, trace: string[], name: string): Promise<T> {
  if (value !== 'hang') return Promise.resolve(value)
  return new Promise((_, reject) => signal.addEventListener('abort', () => {
    trace.push(`${name} aborted`)
    reject(new Error('aborted'))
  }))
}

function run(script: Script, pending = { nextTurn: 0, nextStep: 0 }) {
  const trace: string[] = []
  /** Every phase input, in order: what the chart handed each phase. */
  const inputs: { actor: string; input: unknown }[] = []
  let controller = new AbortController()
  let attempts = 0
  const machine = agentLoopMachine.provide({
    actors: {
      phases: phaseRunner({
        preStep: async (input) => {
          trace.push(`preStep ${input.step} ${input.target}`)
          inputs.push({ actor: 'preStep', input })
          actor.send({ type: 'inbox.changed', pending: { nextTurn: 0, nextStep: 0 } })
          const decision = (script.preStep ?? ((i) => (i.step === 1 ? enter(1) : enter(0))))(input)
          return decision.kind === 'enter' ? { ...decision, assembly: assemblyOf(input) } : decision
        },
        request: async (input) => {
          trace.push(`request ${input.step}`)
          inputs.push({ actor: 'request', input })
          return settle((script.request ?? (() => stop))(input, attempts++), controller.signal, trace, 'request')
        },
        requestError: async (input) => {
          trace.push('requestError')
          inputs.push({ actor: 'requestError', input })
          return settle((script.requestError ?? (() => ({ retry: true })))(input), controller.signal, trace, 'requestError')
        },
        toolBatch: async (input) => {
          trace.push(`tools ${input.step}`)
          inputs.push({ actor: 'toolBatch', input })
          return settle((script.toolBatch ?? (() => ({ concludesTurn: false })))(input), controller.signal, trace, 'tools')
        },
        turnStopping: async (input) => {
          trace.push('turnStopping')
          script.turnStopping?.(input)
        },
      }),
    },
    actions: {
      armActivity: () => { controller = new AbortController() },
      abortActivity: () => controller.abort(),
      appendTurnStart: ({ context }) => { trace.push(`turn/start ${context.turn}`) },
      appendStepStart: ({ context }, { messages }) => {
        trace.push(`step/start ${context.step} +${messages.length}`)
      },
      appendStepEnd: ({ context }) => { trace.push(`step/end ${context.step}`) },
      appendTurnEnd: ({ context }) => { trace.push(`turn/end ${JSON.stringify(closeReason(context as LoopContext))}`) },
    },
  })
  const actor = createActor(machine, { input: { lastTurn: 0, pending } })
  actor.start()
  const idle = () => waitFor(actor, (s) => s.matches('idle'))
  return { actor, trace, inputs, idle }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('agentLoopMachine', () => {
  it('starts idle and runs a one-step text turn', async () => {
    const { actor, trace, idle } = run({})
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'user.wake' })
    expect(actor.getSnapshot().matches({ turn: 'claiming' })).toBe(true)
    expect(trace).toEqual(['turn/start 1', 'preStep 1 next-turn'])
    await idle()
    expect(trace).toEqual([
      'turn/start 1', 'preStep 1 next-turn', 'step/start 1 +1', 'request 1', 'step/end 1',
      'turnStopping', 'turn/end {"kind":"completed"}',
    ])
  })

  it('a cancel right after the wake closes the turn the wake opened: aborted, no step', async () => {
    const { actor, trace, idle } = run({})
    actor.send({ type: 'user.wake' })
    actor.send({ type: 'user.cancel', cause: { kind: 'user' }, keepInbox: false })
    await idle()
    expect(trace).toEqual(['turn/start 1', 'preStep 1 next-turn', 'turn/end {"kind":"aborted","reason":{"kind":"user"}}'])
  })

  it('runs a second step after tools, claiming next-step', async () => {
    const { actor, trace, idle } = run({ request: (i) => (i.step === 1 ? tools : stop) })
    actor.send({ type: 'user.wake' })
    await idle()
    expect(trace).toEqual([
      'turn/start 1', 'preStep 1 next-turn', 'step/start 1 +1', 'request 1', 'tools 1', 'step/end 1',
      'preStep 2 next-step', 'step/start 2 +0', 'request 2', 'step/end 2', 'turnStopping', 'turn/end {"kind":"completed"}',
    ])
  })

  it('closes blocked on reject, completed on an empty first batch, with no step', async () => {
    const rejected = run({ preStep: () => ({ kind: 'reject' }) })
    rejected.actor.send({ type: 'user.wake' })
    await rejected.idle()
    expect(rejected.trace).toEqual(['turn/start 1', 'preStep 1 next-turn', 'turn/end {"kind":"blocked"}'])
    const empty = run({ preStep: () => enter(0) })
    empty.actor.send({ type: 'user.wake' })
    await empty.idle()
    expect(empty.trace).toEqual(['turn/start 1', 'preStep 1 next-turn', 'turn/end {"kind":"completed"}'])
  })

  it('ends with the reason a pre-step `end` decision carries', async () => {
    const budget = { kind: 'budget', limit: 'steps', value: 1 } as const
    const { actor, trace, idle } = run({ preStep: (i) => (i.step === 1 ? enter(1) : { kind: 'end', reason: budget }), request: () => tools })
    actor.send({ type: 'user.wake' })
    await idle()
    expect(trace.slice(-2)).toEqual(['preStep 2 next-step', `turn/end ${JSON.stringify(budget)}`])
  })

  it('keeps max-tokens sticky across later steps', async () => {
    let stopped = false
    const { actor, trace, idle } = run({
      request: (i) => (i.step === 1 ? { kind: 'finished', finish: 'max-tokens', calls: [] } : stop),
      preStep: (i) => enter(i.step === 1 || i.step === 2 ? 1 : 0),
      turnStopping: () => {
        if (stopped) return
        stopped = true
        actor.send({ type: 'inbox.changed', pending: { nextTurn: 0, nextStep: 1 } })
      },
    })
    actor.send({ type: 'user.wake' })
    await idle()
    expect(trace.filter((t) => t.startsWith('step/start') || t.startsWith('turn/end'))).toEqual([
      'step/start 1 +1', 'step/start 2 +1', 'turn/end {"kind":"max-tokens"}',
    ])
  })

  it('retries a failed request in the same step, and ends error when recovery declines', async () => {
    const failure = { message: 'boom', code: 'SERVER' } as const
    const retried = run({ request: (_, n) => (n === 0 ? failed(failure) : stop) })
    retried.actor.send({ type: 'user.wake' })
    await retried.idle()
    expect(retried.trace.slice(2, 7)).toEqual(['step/start 1 +1', 'request 1', 'requestError', 'request 1', 'step/end 1'])
    const declined = run({ request: () => failed(failure), requestError: () => ({ retry: false, failure }) })
    declined.actor.send({ type: 'user.wake' })
    await declined.idle()
    expect(declined.trace.slice(-3)).toEqual(['requestError', 'step/end 1', `turn/end ${JSON.stringify({ kind: 'error', error: failure })}`])
  })

  it('carries each step’s values through the chart: prompt → every request attempt, failed attempt → recovery, tool calls → tool batch', async () => {
    const failure = { message: 'overloaded', code: 'SERVER' } as const
    const { actor, inputs, idle } = run({
      preStep: (i) => enter(i.step <= 2 ? 1 : 0),
      request: (i, attempt) => (attempt === 0 ? failed(failure) : i.step === 1 ? tools : stop),
    })
    actor.send({ type: 'user.wake' })
    await idle()
    expect(inputs.map((x) => x.actor)).toEqual(['preStep', 'request', 'requestError', 'request', 'toolBatch', 'preStep', 'request'])
    const [, firstAttempt, recovery, retry, batch, , secondStep] = inputs.map((x) => x.input)
    expect(firstAttempt).toEqual({ turn: 1, step: 1, assembly: assemblyOf({ turn: 1, step: 1, target: 'next-turn' }) })
    expect(recovery).toEqual({ turn: 1, step: 1, attempt: { failure, provider: 'scripted', retryPolicy: DEFAULT_RETRY_POLICY } })
    expect(retry).toEqual(firstAttempt)
    expect(batch).toEqual({ turn: 1, step: 1, calls: [call('c1'), call('c2')] })
    expect(secondStep).toEqual({ turn: 1, step: 2, assembly: assemblyOf({ turn: 1, step: 2, target: 'next-step' }) })
    expect(actor.getSnapshot().context).toMatchObject({ assembly: null, calls: [], failedAttempt: null })
  })

  it('turns a thrown actor error into an error close after step/end', async () => {
    const { actor, trace, idle } = run({ toolBatch: () => { throw new Error('scheduler broke') }, request: () => tools })
    actor.send({ type: 'user.wake' })
    await idle()
    expect(trace.slice(-2)).toEqual(['step/end 1', 'turn/end {"kind":"error","error":{"message":"scheduler broke","code":"UNKNOWN"}}'])
  })

  for (const phase of ['request', 'tools', 'requestError'] as const) {
    it(`cancel during ${phase} aborts it, closes the step, then the turn aborted`, async () => {
      const failure = { message: 'x', code: 'SERVER' } as const
      const script: Script = phase === 'request' ? { request: () => 'hang' }
        : phase === 'tools' ? { request: () => tools, toolBatch: () => 'hang' }
          : { request: () => failed(failure), requestError: () => 'hang' }
      const { actor, trace, idle } = run(script)
      actor.send({ type: 'user.wake' })
      await tick()
      actor.send({ type: 'user.cancel', cause: { kind: 'user' }, keepInbox: false })
      await idle()
      expect(trace.slice(-3)).toEqual([`${phase} aborted`, 'step/end 1', 'turn/end {"kind":"aborted","reason":{"kind":"user"}}'])
    })
  }

  it('cancel while idle changes nothing', () => {
    const { actor, trace } = run({})
    actor.send({ type: 'user.cancel', cause: { kind: 'user' }, keepInbox: false })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(trace).toEqual([])
  })

  it('opens the next turn at once when input is pending after a normal close', async () => {
    const { actor, trace, idle } = run({
      turnStopping: (i) => {
        if (i.turn === 1) actor.send({ type: 'inbox.changed', pending: { nextTurn: 1, nextStep: 0 } })
        else actor.send({ type: 'inbox.changed', pending: { nextTurn: 0, nextStep: 0 } })
      },
      preStep: (i) => enter(i.step === 1 ? 1 : 0),
    })
    actor.send({ type: 'user.wake' })
    await tick()
    await idle()
    expect(trace.filter((t) => t.startsWith('turn/'))).toEqual([
      'turn/start 1', 'turn/end {"kind":"completed"}', 'turn/start 2', 'turn/end {"kind":"completed"}',
    ])
  })

  it('parks pending input after an aborted turn unless a wake was latched', async () => {
    const parked = run({ request: () => 'hang' })
    parked.actor.send({ type: 'user.wake' })
    parked.actor.send({ type: 'inbox.changed', pending: { nextTurn: 1, nextStep: 0 } })
    await tick()
    parked.actor.send({ type: 'user.cancel', cause: { kind: 'user' }, keepInbox: true })
    await parked.idle()
    expect(parked.trace.filter((t) => t === 'turn/start 2')).toEqual([])
    const latched = run({ request: (i) => (i.turn === 1 ? 'hang' : stop) })
    latched.actor.send({ type: 'user.wake' })
    await tick()
    latched.actor.send({ type: 'user.cancel', cause: { kind: 'user' }, keepInbox: true })
    latched.actor.send({ type: 'inbox.changed', pending: { nextTurn: 1, nextStep: 0 } })
    latched.actor.send({ type: 'user.wake' })
    await waitFor(latched.actor, (s) => s.context.turn === 2 && s.matches('idle'))
    expect(latched.trace.filter((t) => t.startsWith('turn/'))).toEqual([
      'turn/start 1', 'turn/end {"kind":"aborted","reason":{"kind":"user"}}', 'turn/start 2', 'turn/end {"kind":"completed"}',
    ])
  })

  it('refuses to run without provided implementations', async () => {
    const actor = createActor(agentLoopMachine, { input: { lastTurn: 0, pending: { nextTurn: 0, nextStep: 0 } } })
    const errors: unknown[] = []
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    actor.send({ type: 'user.wake' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors[0]).toBeInstanceOf(LoopImplementationMissingError)
  })
})
