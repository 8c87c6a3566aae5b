/**
 * Crash repair for cold logs that end inside a turn (dsh contracts §2.9): the closer events to
 * append — error results for the unanswered calls an `assistant/message` requested (a bare
 * `tool/call` is no model request and gets none, as in dsh), `step/end` if open, `turn/end {interrupted}`.
 * Plane: shared; pure. Never truncates, never runs on a live session, never closes plugin brackets.
 * @module session/repair
 */
import type { CallId, MessageId } from '../util/brand.ts'
import { openTurnStart } from './open-turn.ts'
import { TurnState } from './turn-state.ts'
import type { SessionEvent, SessionEventMap } from './types.ts'

const OUTCOME_UNKNOWN_TEXT = 'The tool call was interrupted before its result was recorded, so its outcome is unknown. '
  + 'Verify the current state before continuing; retry only if the operation is idempotent.'
const NOT_STARTED_TEXT = 'The tool call was interrupted before it started; it never ran and is safe to retry.'

interface OpenStep {
  turn: number
  step: number
  /** Call ids the step's assistant messages requested, in model order (a bare `tool/call` adds none). */
  order: CallId[]
  /** callId → seq of its `tool/call`. */
  calls: Map<CallId, number>
  answered: Set<CallId>
}

/** Folds the open turn from its `turn/start` (earlier events cannot change its step state). */
function scanOpenStep(events: readonly SessionEvent[], from: number, state: TurnState): OpenStep | undefined {
  let open: OpenStep | undefined
  for (let i = from; i < events.length; i++) {
    const event = events[i]!
    state.accept(event)
    if (event.type === 'step/start') open = { ...event.data, order: [], calls: new Map(), answered: new Set() }
    if (state.openStep === undefined) open = undefined
    if (!open) continue
    if (event.type === 'assistant/message') {
      for (const block of event.data.message.content) if (block.type === 'tool-call' && !open.order.includes(block.id)) open.order.push(block.id)
    } else if (event.type === 'tool/call') {
      open.calls.set(event.data.callId, event.seq)
    } else if (event.type === 'tool/result') {
      open.answered.add(event.data.message.source.callId)
    }
  }
  return open
}

function closerResult(open: OpenStep, callId: CallId, seq: number, time: number): SessionEvent {
  const callSeq = open.calls.get(callId)
  const started = callSeq !== undefined
  const data: SessionEventMap['tool/result'] = {
    turn: open.turn,
    step: open.step,
    message: {
      id: `interrupted-tool-result-${callId}-${seq}` as MessageId,
      role: 'user',
      content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: started ? OUTCOME_UNKNOWN_TEXT : NOT_STARTED_TEXT }], isError: true }],
      source: { kind: 'tool', callId },
    },
    error: started ? { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' } : { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' },
  }
  return started
    ? { type: 'tool/result', seq, time, data, sourceEventSeqs: [callSeq], surfaceOp: 'append' }
    : { type: 'tool/result', seq, time, data, surfaceOp: 'append' }
}

/**
 * The events that close a turn left open by a crash, numbered after `events` with the last
 * event's time; `[]` when no turn is open (after the last `session/end-seed`).
 */
export function interruptedTurnClosers(events: readonly SessionEvent[]): SessionEvent[] {
  const from = openTurnStart(events)
  if (from < 0) return []
  const state = new TurnState()
  const open = scanOpenStep(events, from, state)
  if (state.openTurn === undefined) return []
  const turn = state.openTurn
  const time = events.at(-1)!.time
  const closers: SessionEvent[] = []
  const next = () => events.length + closers.length
  if (open) {
    for (const callId of open.order) if (!open.answered.has(callId)) closers.push(closerResult(open, callId, next(), time))
    closers.push({ type: 'step/end', seq: next(), time, data: { turn, step: open.step } })
  }
  closers.push({ type: 'turn/end', seq: next(), time, data: { turn, reason: { kind: 'interrupted' } } })
  return closers
}
