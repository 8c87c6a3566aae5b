/**
 * The agent-loop machine (architecture §5): one XState v5 machine per agent whose state is
 * the agent status. Plane: worker; no I/O here — every effect is a named actor or action
 * supplied with `machine.provide()`. Contract: every opened turn reaches `closing` once.
 * @module agent-loop/machine
 */
import { assign, fromPromise, setup } from 'xstate'
import type {
  LoopContext, LoopEvent, LoopInput, MaintenanceRun, PreStepDecision, PreStepInput, RecoveryOutcome,
  RequestErrorInput, RequestOutcome, StepInput, ToolBatchOutcome,
} from './loop-types.ts'
import {
  closeReason, closesOnEmptyBatch, failureOfError, hasToolCalls, isEndingQuietly, isHalting, opensNextTurn,
} from './guards.ts'

/** Raised when the machine runs an actor or action nobody provided. */
export class LoopImplementationMissingError extends Error {
  override readonly name = 'LoopImplementationMissingError'
  constructor(what: string) {
    super(`agent-loop machine: '${what}' must be supplied with machine.provide()`)
  }
}

function missing<I, O>(what: string) {
  return fromPromise<O, I>(async () => {
    throw new LoopImplementationMissingError(what)
  })
}
function missingAction(what: string) {
  return () => {
    throw new LoopImplementationMissingError(what)
  }
}

type Done<O> = { output: O }
const outputOf = <O>(event: unknown): O => (event as Done<O>).output

const halting = ({ context }: { context: LoopContext }) => isHalting(context)
const stepInput = ({ context }: { context: LoopContext }): StepInput => ({ turn: context.turn, step: context.step })

export const agentLoopMachine = setup({
  types: {
    context: {} as LoopContext,
    events: {} as LoopEvent,
    input: {} as LoopInput,
  },
  actors: {
    preStep: missing<PreStepInput, PreStepDecision>('preStep'),
    request: missing<StepInput, RequestOutcome>('request'),
    requestError: missing<RequestErrorInput, RecoveryOutcome>('requestError'),
    toolBatch: missing<StepInput, ToolBatchOutcome>('toolBatch'),
    turnStopping: missing<StepInput, void>('turnStopping'),
    maintenance: fromPromise<void, { run: MaintenanceRun }>(({ input, signal }) => input.run(signal)),
    /** Settles on a microtask: the `running` status is published before a turn opens. */
    announce: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Arm a fresh abort controller for the activity that starts now. */
    armActivity: missingAction('armActivity'),
    /** Abort the running activity with the cancel cause. */
    abortActivity: missingAction('abortActivity'),
    appendTurnStart: missingAction('appendTurnStart'),
    /** `step/start` then each entered message as `user/message` (from the pre-step output). */
    appendStepStart: missingAction('appendStepStart'),
    appendStepEnd: missingAction('appendStepEnd'),
    /** `agent/error` if the reason is an error, then `turn/end`. */
    appendTurnEnd: missingAction('appendTurnEnd'),
    /** The turn ends `error` with what the failed actor threw. */
    recordFailure: assign({ reason: ({ event }) => ({ kind: 'error' as const, error: failureOfError((event as { error?: unknown }).error) }) }),
  },
  guards: {
    isHalting: halting,
    isRejected: ({ event }) => outputOf<PreStepDecision>(event).kind === 'reject',
    isEnded: ({ event }) => outputOf<PreStepDecision>(event).kind === 'end',
    closesOnEmptyBatch: ({ context, event }) => closesOnEmptyBatch(context, outputOf<PreStepDecision>(event)),
    isFailed: ({ event }) => outputOf<RequestOutcome>(event).kind === 'failed',
    hasToolCalls: ({ event }) => hasToolCalls(outputOf<RequestOutcome>(event)),
    shouldRetry: ({ event }) => outputOf<RecoveryOutcome>(event).retry,
    concludesTurn: ({ event }) => outputOf<ToolBatchOutcome>(event).concludesTurn,
    isEndingQuietly: ({ context }) => isEndingQuietly(context),
    hasNextStepInput: ({ context }) => context.pending.nextStep > 0,
    hasQueuedWake: ({ context }) => context.wakeQueued,
  },
}).createMachine({
  id: 'agentLoop',
  context: ({ input }) => ({
    turn: input.lastTurn, step: 0, ending: null, maxTokens: false, reason: null, cancel: null,
    wakeLatched: false, wakeQueued: false, pending: input.pending,
  }),
  on: {
    'inbox.changed': { actions: assign({ pending: ({ event }) => event.pending }) },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasQueuedWake', target: 'opening' },
      on: {
        'user.wake': { target: 'opening' },
        'agent.maintain': { target: 'maintaining' },
      },
    },
    /** Status is `running`, no turn yet: a cancel or dispose from the status listener opens none. */
    opening: {
      invoke: { src: 'announce', onDone: { target: 'turn' } },
      on: {
        'user.cancel': { target: 'idle', actions: assign({ wakeQueued: false }) },
      },
    },
    maintaining: {
      entry: [assign({ cancel: null, wakeLatched: false }), 'armActivity'],
      invoke: {
        src: 'maintenance',
        input: ({ event }) => ({ run: (event as Extract<LoopEvent, { type: 'agent.maintain' }>).run }),
        onDone: { target: 'idle', actions: assign({ wakeQueued: ({ context }) => context.wakeLatched }) },
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
          cancel: null, wakeLatched: false, wakeQueued: false,
        }),
        'armActivity',
        'appendTurnStart',
      ],
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
        claiming: {
          invoke: {
            src: 'preStep',
            input: ({ context }) => ({ turn: context.turn, step: context.step + 1, target: context.step === 0 ? 'next-turn' : 'next-step' }),
            onDone: [
              { guard: 'isHalting', target: 'closing' },
              { guard: 'isRejected', target: 'closing', actions: assign({ reason: { kind: 'blocked' } }) },
              { guard: 'isEnded', target: 'closing', actions: assign({ reason: ({ event }) => (event.output as Extract<PreStepDecision, { kind: 'end' }>).reason }) },
              { guard: 'closesOnEmptyBatch', target: 'closing' },
              { target: 'step', actions: [assign({ step: ({ context }) => context.step + 1, ending: null }), 'appendStepStart'] },
            ],
            onError: [{ guard: 'isHalting', target: 'closing' }, { target: 'closing', actions: 'recordFailure' }],
          },
        },
        step: {
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                src: 'request',
                input: stepInput,
                onDone: [
                  // Logged tool calls are always answered: after a cancel the batch logs each as ABORTED_BEFORE_DISPATCH.
                  { guard: 'hasToolCalls', target: 'runningTools' },
                  { guard: 'isHalting', target: 'stepEnd' },
                  { guard: 'isFailed', target: 'recovering' },
                  {
                    target: 'stepEnd',
                    actions: assign(({ context, event }) => {
                      const hitLimit = (event.output as RequestOutcome & { kind: 'finished' }).finish === 'max-tokens'
                      return { ending: hitLimit ? 'max-tokens' as const : 'completed' as const, maxTokens: context.maxTokens || hitLimit }
                    }),
                  },
                ],
                onError: [{ guard: 'isHalting', target: 'stepEnd' }, { target: 'stepEnd', actions: 'recordFailure' }],
              },
            },
            recovering: {
              invoke: {
                src: 'requestError',
                input: ({ context, event }) => ({ ...stepInput({ context }), failure: (outputOf<RequestOutcome>(event) as Extract<RequestOutcome, { kind: 'failed' }>).failure }),
                onDone: [
                  { guard: 'isHalting', target: 'stepEnd' },
                  { guard: 'shouldRetry', target: 'requesting' },
                  {
                    target: 'stepEnd',
                    actions: assign({ reason: ({ event }) => ({ kind: 'error' as const, error: (event.output as Extract<RecoveryOutcome, { retry: false }>).failure }) }),
                  },
                ],
                onError: [{ guard: 'isHalting', target: 'stepEnd' }, { target: 'stepEnd', actions: 'recordFailure' }],
              },
            },
            runningTools: {
              invoke: {
                src: 'toolBatch',
                input: stepInput,
                onDone: [
                  { guard: 'isHalting', target: 'stepEnd' },
                  { guard: 'concludesTurn', target: 'stepEnd', actions: assign({ ending: 'completed' }) },
                  { target: 'stepEnd', actions: assign({ ending: null }) },
                ],
                onError: [{ guard: 'isHalting', target: 'stepEnd' }, { target: 'stepEnd', actions: 'recordFailure' }],
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
          invoke: {
            src: 'turnStopping',
            input: stepInput,
            onDone: [
              { guard: 'isHalting', target: 'closing' },
              { guard: 'hasNextStepInput', target: 'claiming' },
              { target: 'closing' },
            ],
            onError: [{ guard: 'isHalting', target: 'closing' }, { target: 'closing', actions: 'recordFailure' }],
          },
        },
        closing: {
          entry: ['appendTurnEnd', assign({ wakeQueued: ({ context }) => opensNextTurn(context) })],
          always: { target: '#agentLoop.idle' },
        },
      },
    },
  },
})

export { closeReason }
export type AgentLoopMachine = typeof agentLoopMachine
