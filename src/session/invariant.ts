/**
 * The §2.11 log invariant: turns 1,2,… never overlap, steps 1,2,… per turn, step-scoped events
 * name the open turn+step, appended tool results answer a same-step `tool/call`, tool-result
 * replacements (pruning) and `todo/write`/`request/*` stay inside a turn. Plane: shared; pure. Fails with the concrete values.
 * @module session/invariant
 */
import type { Context } from '@deepseek-ai/cordis'
import { SessionInvariantError } from './errors.ts'
import type { Session } from './session.ts'
import { TurnState } from './turn-state.ts'
import type { SessionEvent } from './types.ts'


export class LogInvariant {
  private readonly turns = new TurnState()
  /** callId → seq of the `tool/call`s of the open step. */
  private readonly calls = new Map<string, number>()

  /** Check then fold; throws `SessionInvariantError` without folding on a violation. */
  accept(event: SessionEvent): void {
    this.check(event)
    this.fold(event)
  }

  fold(event: SessionEvent): void {
    if (event.type === 'step/start' || event.type === 'session/end-seed') this.calls.clear()
    if (event.type === 'tool/call') this.calls.set(event.data.callId, event.seq)
    this.turns.accept(event)
  }

  /** The open turn, if any (import uses it to refuse unbalanced files). */
  get openTurn(): number | undefined {
    return this.turns.openTurn
  }

  check(event: SessionEvent): void {
    const problem = this.problem(event)
    if (problem) throw new SessionInvariantError(event.seq, `${event.type}: ${problem}`)
  }

  private problem(event: SessionEvent): string | undefined {
    const { openTurn, openStep, lastTurn, lastStep } = this.turns
    switch (event.type) {
      case 'turn/start':
        if (openTurn !== undefined) return `turn ${event.data.turn} starts while turn ${openTurn} is open`
        return event.data.turn === lastTurn + 1 ? undefined : `turn ${event.data.turn} is out of order; expected turn ${lastTurn + 1}`
      case 'turn/end':
        if (openTurn !== event.data.turn) return `ends turn ${event.data.turn} but the open turn is ${openTurn ?? 'none'}`
        return openStep === undefined ? undefined : `turn ${openTurn} ends while step ${openStep} is open`
      case 'step/start':
        if (openTurn !== event.data.turn) return `names turn ${event.data.turn} but the open turn is ${openTurn ?? 'none'}`
        if (openStep !== undefined) return `step ${event.data.step} starts while step ${openStep} is open`
        return event.data.step === lastStep + 1 ? undefined : `step ${event.data.step} is out of order; expected step ${lastStep + 1}`
      case 'step/end':
        return this.namesOpenStep(event.data)
      case 'assistant/chunk': // step-scoped
      case 'assistant/message':
      case 'tool/call':
      case 'tool/result':
        return this.stepScopedProblem(event)
      case 'todo/write': // turn-scoped
      case 'request/header':
      case 'request/context':
        return openTurn === undefined ? 'only allowed inside a turn; no turn is open' : undefined
      default:
        return undefined
    }
  }

  private namesOpenStep(data: { turn: number; step: number }): string | undefined {
    const { openTurn, openStep } = this.turns
    if (data.turn === openTurn && data.step === openStep) return undefined
    return `names turn ${data.turn} step ${data.step} but the open turn/step is ${openTurn ?? 'none'}/${openStep ?? 'none'}`
  }

  private stepScopedProblem(event: SessionEvent): string | undefined {
    if (event.type !== 'tool/result') return this.namesOpenStep(event.data as { turn: number; step: number })
    if (event.surfaceOp !== 'append') return this.turns.openTurn === undefined ? 'a surface replacement of a tool result outside any open turn' : undefined
    const problem = this.namesOpenStep(event.data)
    if (problem || event.data.error?.code === 'TOOL_NOT_STARTED') return problem
    const callId = event.data.message.source.callId
    return this.calls.has(callId) ? undefined : `answers call ${callId} with no prior tool/call in turn ${event.data.turn} step ${event.data.step}`
  }
}

/** A pre-commit check for one live session; folds the log lazily, so it never drifts from it. */
export function logInvariantCheck(session: Session): (event: SessionEvent) => void {
  const invariant = new LogInvariant()
  let folded = 0
  return event => {
    const log = session.events
    while (folded < log.length) invariant.fold(log[folded++]!)
    invariant.check(event)
  }
}

export const name = 'session-invariant'
export const inject = ['sessions']

/** Dev/test plugin: every append to every session of `ctx.sessions` is checked before commit. */
export function apply(ctx: Context): void {
  ctx.effect(() => ctx.sessions.addVerifier(logInvariantCheck))
}
