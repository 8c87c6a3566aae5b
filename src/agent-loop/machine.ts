/**
 * The agent-loop machine (architecture §5): one XState v5 machine per agent whose state is
 * the agent status. Plane: worker; no I/O here — every effect is a phase (run by the turn's
 * `phases` actor, phases.ts) or a named action, supplied with `machine.provide()`.
 * Contract: every opened turn reaches `closing` once.
 * @module agent-loop/machine
 */
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import type {
  FailedAttempt, LoopContext, LoopEvent, LoopInput, MaintenanceRun, PhaseCall, PhaseRun, PreStepOutcome, RecoveryOutcome, RequestOutcome,
  StepInput, ToolBatchOutcome,
} from './loop-types.ts'
import type { UserMessage } from '../llm/types.ts'
import type { TurnEndReason } from '../session/types.ts'
import {
  closeReason, closesOnEmptyBatch, concludesTurn, endsByDecision, failureOfError, hasToolCalls, isEndingQuietly, isFailedAttempt,
  isHalting, isRejected, opensNextTurn, wantsRetry,
} from './guards.ts'

/** Raised when the machine runs an actor or action nobody provided. */
export class LoopImplementationMissingError extends Error {
  override readonly name = 'LoopImplementationMissingError'
  constructor(what: string) {
    super(`agent-loop machine: '${what}' must be supplied with machine.provide()`)
  }
}

function missingAction<Params = unknown>(what: string) {
  return (_args: unknown, _params: Params): void => {
    throw new LoopImplementationMissingError(what)
  }
}

/** Raised when a step value the chart sets on the way in is missing: a broken chart, not a runtime state. */
export class LoopChartError extends Error {
  override readonly name = 'LoopChartError'
}

/** A value the chart put in context before this phase (the step's prompt, its failed attempt). */
function stepValue<T>(value: T | null, name: keyof LoopContext): T {
  if (value === null) throw new LoopChartError(`agent-loop machine: '${name}' is not set in this phase`)
  return value
}

/** The failed attempt a request outcome reports (its failure and route), for the recovery phase. */
const attemptOf = (outcome: RequestOutcome): FailedAttempt | null =>
  outcome.kind === 'failed' ? { failure: outcome.failure, provider: outcome.provider, retryPolicy: outcome.retryPolicy } : null

const stepInput = (context: LoopContext): StepInput => ({ turn: context.turn, step: context.step })

/** The entry of a phase's state: the turn's phase runner runs the phase `call` reads from the context. */
const enterPhase = (call: (context: LoopContext) => PhaseCall) =>
  ({ type: 'runPhase', params: ({ context }: { context: LoopContext }): PhaseRun => ({ type: 'phase.run', ...call(context) }) }) as const

/**
 * Why `{ guard: 'isHalting' }` leads every transition list of a phase: a cancel, a reason a phase
 * decided, or a refused append (`loop.fault`) can land while the phase runs. The phase
 * still settles (done or error), but what it returned no longer decides anything: the turn takes
 * its close path (the step ends, then the turn closes) before any other guard can open new work,
 * so the first cause wins and no request, tool or step starts after it. The one exception is an
 * assistant message with tool calls: it is already logged, so its calls are answered first (after
 * a cancel each is logged `ABORTED_BEFORE_DISPATCH`) and the tool batch leads that list.
 */
const haltToStepEnd = { guard: 'isHalting', target: 'stepEnd' } as const
const haltToClosing = { guard: 'isHalting', target: 'closing' } as const

export const agentLoopMachine = setup({
  types: {
    context: {} as LoopContext,
    events: {} as LoopEvent,
    input: {} as LoopInput,
  },
  actors: {
    /** The turn's phase runner (phases.ts `phaseRunner` over the agent's phases). */
    phases: fromCallback<PhaseRun>(() => {
      throw new LoopImplementationMissingError('phases')
    }),
    maintenance: fromPromise<number, { run: MaintenanceRun }>(({ input, signal }) => input.run(signal)),
  },
  actions: {
    /** Entry of a phase's state: the turn's phase runner runs the phase over what the chart hands it. */
    runPhase: sendTo('phases', (_, run: PhaseRun) => run),
    /** Arm a fresh abort controller for the activity that starts now. */
    armActivity: missingAction('armActivity'),
    /** Abort the running activity with the cancel cause. */
    abortActivity: missingAction('abortActivity'),
    appendTurnStart: missingAction('appendTurnStart'),
    /** `step/start` then each entered message as `user/message`. */
    appendStepStart: missingAction<{ messages: readonly UserMessage[] }>('appendStepStart'),
    appendStepEnd: missingAction('appendStepEnd'),
    /** `agent/error` if the reason is an error, then `turn/end`. */
    appendTurnEnd: missingAction('appendTurnEnd'),
    /** The turn ends `error` with what the failed actor threw. */
    recordFailure: assign((_, { error }: { error: unknown }) => ({ reason: { kind: 'error' as const, error: failureOfError(error) } })),
    /** The turn closes with a reason a phase decided (blocked, budget, a failure nobody retries). */
    decideReason: assign((_, { reason }: { reason: TurnEndReason }) => ({ reason })),
  },
  guards: {
    isHalting: ({ context }) => isHalting(context),
    isRejected: (_, { outcome }: { outcome: PreStepOutcome }) => isRejected(outcome),
    endsByDecision: (_, { outcome }: { outcome: PreStepOutcome }) => endsByDecision(outcome),
    isFailedAttempt: (_, { outcome }: { outcome: RequestOutcome }) => isFailedAttempt(outcome),
    wantsRetry: (_, { outcome }: { outcome: RecoveryOutcome }) => wantsRetry(outcome),
    concludesTurn: (_, { outcome }: { outcome: ToolBatchOutcome }) => concludesTurn(outcome),
    closesOnEmptyBatch: ({ context }, { outcome }: { outcome: PreStepOutcome }) => closesOnEmptyBatch(context, outcome),
    hasToolCalls: (_, { outcome }: { outcome: RequestOutcome }) => hasToolCalls(outcome),
    isEndingQuietly: ({ context }) => isEndingQuietly(context),
    hasNextStepInput: ({ context }) => context.pending.nextStep > 0,
    hasQueuedWake: ({ context }) => context.wakeQueued,
  },
}).createMachine({
  id: 'agentLoop',
  context: ({ input }) => ({
    turn: input.lastTurn, step: 0, ending: null, maxTokens: false, reason: null, cancel: null,
    wakeLatched: false, wakeQueued: false, pending: input.pending, assembly: null, calls: [], failedAttempt: null,
  }),
  on: {
    'inbox.changed': { actions: assign({ pending: ({ event }) => event.pending }) },
  },
  initial: 'idle',
  states: {
    /**
     * A wake opens the turn in the same transition (dsh: when a waking send returns, `turn/start`
     * is logged and the claim made). The agent announces `running` before it sends the wake, so a
     * cancel or dispose from that notification never reaches here (agent.ts `announceRunning`).
     */
    idle: {
      always: { guard: 'hasQueuedWake', target: 'turn' },
      on: {
        'user.wake': { target: 'turn' },
        'agent.maintain': { target: 'maintaining' },
      },
    },
    maintaining: {
      entry: [assign({ cancel: null, wakeLatched: false }), 'armActivity'],
      invoke: {
        src: 'maintenance',
        input: ({ event }) => {
          assertEvent(event, 'agent.maintain')
          return { run: event.run }
        },
        onDone: { target: 'idle', actions: assign({ turn: ({ event }) => event.output, wakeQueued: ({ context }) => context.wakeLatched }) },
        onError: { target: 'idle', actions: assign({ wakeQueued: ({ context }) => context.wakeLatched }) },
      },
      on: {
        'user.wake': { actions: assign({ wakeLatched: true }) },
        'user.cancel': {
          actions: [
            assign({ cancel: ({ context, event }) => context.cancel ?? event.cause, wakeLatched: ({ context, event }) => event.keepInbox && context.wakeLatched }),
            'abortActivity',
          ],
        },
      },
    },
    turn: {
      entry: [
        assign({
          turn: ({ context }) => context.turn + 1, step: 0, ending: null, maxTokens: false, reason: null,
          cancel: null, wakeLatched: false, wakeQueued: false, assembly: null, calls: [], failedAttempt: null,
        }),
        'armActivity',
        'appendTurnStart',
      ],
      invoke: { id: 'phases', src: 'phases' },
      on: {
        'user.wake': { guard: 'isHalting', actions: assign({ wakeLatched: true }) },
        'user.cancel': {
          actions: [
            assign({
              cancel: ({ context, event }) => context.cancel ?? event.cause,
              wakeLatched: ({ context, event }) => event.keepInbox && context.wakeLatched,
            }),
            'abortActivity',
          ],
        },
        'loop.fault': {
          actions: [assign({ reason: ({ context, event }) => context.reason ?? { kind: 'error', error: event.failure } }), 'abortActivity'],
        },
      },
      initial: 'claiming',
      states: {
        /** Claim input, assemble the prompt, `agent/pre-step`: the step enters with its messages and prompt, or the turn closes. */
        claiming: {
          entry: enterPhase((c) => ({ phase: 'preStep', input: { turn: c.turn, step: c.step + 1, target: c.step === 0 ? 'next-turn' : 'next-step' } })),
          on: {
            'preStep.done': [
              haltToClosing,
              {
                guard: { type: 'isRejected', params: ({ event }) => ({ outcome: event.output }) },
                target: 'closing',
                actions: { type: 'decideReason', params: { reason: { kind: 'blocked' } } },
              },
              {
                guard: { type: 'endsByDecision', params: ({ event }) => ({ outcome: event.output }) },
                target: 'closing',
                actions: { type: 'decideReason', params: ({ event }) => ({ reason: endsByDecision(event.output) ? event.output.reason : { kind: 'completed' } }) },
              },
              { guard: { type: 'closesOnEmptyBatch', params: ({ event }) => ({ outcome: event.output }) }, target: 'closing' },
              {
                target: 'step',
                actions: [
                  assign(({ context, event }) => ({
                    step: context.step + 1, ending: null, calls: [], failedAttempt: null,
                    assembly: event.output.kind === 'enter' ? event.output.assembly : null,
                  })),
                  { type: 'appendStepStart', params: ({ event }) => ({ messages: event.output.kind === 'enter' ? event.output.messages : [] }) },
                ],
              },
            ],
            'preStep.error': [haltToClosing, { target: 'closing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } }],
          },
        },
        step: {
          initial: 'requesting',
          states: {
            /** One model request over the step's prompt: its tool calls, a failed attempt, or the step's result. */
            requesting: {
              entry: enterPhase((c) => ({ phase: 'request', input: { ...stepInput(c), assembly: stepValue(c.assembly, 'assembly') } })),
              on: {
                'request.done': [
                  {
                    guard: { type: 'hasToolCalls', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'runningTools',
                    actions: assign({ calls: ({ event }) => (event.output.kind === 'finished' ? event.output.calls : []) }),
                  },
                  haltToStepEnd,
                  {
                    guard: { type: 'isFailedAttempt', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'recovering',
                    actions: assign({ failedAttempt: ({ event }) => attemptOf(event.output) }),
                  },
                  {
                    target: 'stepEnd',
                    actions: assign(({ context, event }) => {
                      const hitLimit = event.output.kind === 'finished' && event.output.finish === 'max-tokens'
                      return { ending: hitLimit ? 'max-tokens' as const : 'completed' as const, maxTokens: context.maxTokens || hitLimit }
                    }),
                  },
                ],
                'request.error': [haltToStepEnd, { target: 'stepEnd', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } }],
              },
            },
            /** `agent/request-error` over the failed attempt: retry the request, or the turn ends `error`. */
            recovering: {
              entry: enterPhase((c) => ({ phase: 'requestError', input: { ...stepInput(c), attempt: stepValue(c.failedAttempt, 'failedAttempt') } })),
              on: {
                'requestError.done': [
                  haltToStepEnd,
                  { guard: { type: 'wantsRetry', params: ({ event }) => ({ outcome: event.output }) }, target: 'requesting' },
                  {
                    target: 'stepEnd',
                    actions: { type: 'decideReason', params: ({ context }) => ({ reason: { kind: 'error', error: stepValue(context.failedAttempt, 'failedAttempt').failure } }) },
                  },
                ],
                'requestError.error': [haltToStepEnd, { target: 'stepEnd', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } }],
              },
            },
            /** The step's tool calls through the tool batch; their contexts queue for the next step. */
            runningTools: {
              entry: enterPhase((c) => ({ phase: 'toolBatch', input: { ...stepInput(c), calls: c.calls } })),
              on: {
                'toolBatch.done': [
                  haltToStepEnd,
                  { guard: { type: 'concludesTurn', params: ({ event }) => ({ outcome: event.output }) }, target: 'stepEnd', actions: assign({ ending: 'completed' }) },
                  { target: 'stepEnd', actions: assign({ ending: null }) },
                ],
                'toolBatch.error': [haltToStepEnd, { target: 'stepEnd', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } }],
              },
            },
            stepEnd: {
              entry: 'appendStepEnd',
              always: [
                { guard: 'isHalting', target: '#agentLoop.turn.closing' },
                { guard: 'isEndingQuietly', target: '#agentLoop.turn.stopping' },
                { target: '#agentLoop.turn.claiming' },
              ],
            },
          },
        },
        stopping: {
          entry: enterPhase((c) => ({ phase: 'turnStopping', input: stepInput(c) })),
          on: {
            'turnStopping.done': [
              haltToClosing,
              { guard: 'hasNextStepInput', target: 'claiming' },
              { target: 'closing' },
            ],
            'turnStopping.error': [haltToClosing, { target: 'closing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } }],
          },
        },
        closing: {
          entry: ['appendTurnEnd', assign({ wakeQueued: ({ context }) => opensNextTurn(context), assembly: null, calls: [], failedAttempt: null })],
          always: { target: '#agentLoop.idle' },
        },
      },
    },
  },
})

export { closeReason }
export type AgentLoopMachine = typeof agentLoopMachine
