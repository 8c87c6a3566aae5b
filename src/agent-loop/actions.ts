/**
 * The machine's log-writing actions: `turn/start`, `step/start` + entered `user/message`s,
 * `step/end`, `agent/error` + `turn/end`, and the activity abort controller.
 * Plane: worker. Contract: a refused append never escapes an action — it becomes `loop.fault`
 * (the turn then closes `error`); `turn/end` is attempted whatever happened.
 * @module agent-loop/actions
 */
import type { AnyActorRef } from 'xstate'
import type { UserMessage } from '../llm/types.ts'
import type { AgentCancelCause } from '../session/types.ts'
import { closeReason, failureOfError } from './guards.ts'
import type { LoopContext } from './loop-types.ts'
import type { LoopDeps } from './loop-deps.ts'

type Args = { context: LoopContext; event: unknown; self: AnyActorRef }

/** The per-agent activity controller the actors' signals come from. */
export class ActivityControl {
  private controller = new AbortController()

  get signal(): AbortSignal {
    return this.controller.signal
  }

  arm(): void {
    this.controller = new AbortController()
  }

  abort(cause: AgentCancelCause | undefined): void {
    if (!this.controller.signal.aborted) this.controller.abort(cause)
  }
}

/** An append action whose refusal becomes `loop.fault` instead of escaping (`params` as the machine passes them). */
function guarded<Params = unknown>(run: (args: Args, params: Params) => void) {
  return (args: Args, params: Params) => {
    try {
      run(args, params)
    } catch (error) {
      args.self.send({ type: 'loop.fault', failure: failureOfError(error) })
    }
  }
}

export function loopActions(deps: LoopDeps, activity: ActivityControl, reportError: (error: unknown) => void) {
  const { session } = deps
  return {
    armActivity: () => activity.arm(),
    abortActivity: ({ context }: Args) => activity.abort(context.cancel ?? undefined),
    appendTurnStart: guarded(({ context }) => {
      session.append('turn/start', { turn: context.turn })
    }),
    appendStepStart: guarded<{ messages: readonly UserMessage[] }>(({ context }, { messages }) => {
      session.append('step/start', { turn: context.turn, step: context.step })
      for (const message of messages) session.append('user/message', message, { surfaceOp: 'append' })
    }),
    appendStepEnd: guarded(({ context }) => {
      session.append('step/end', { turn: context.turn, step: context.step })
    }),
    appendTurnEnd: ({ context }: Args) => {
      const reason = closeReason(context)
      if (reason.kind === 'error') deps.notify('agent/error', { agent: deps.agent, turn: context.turn, step: context.step, error: reason.error })
      try {
        session.append('turn/end', { turn: context.turn, reason })
      } catch (error) {
        reportError(error)
      }
    },
  }
}
