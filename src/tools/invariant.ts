/**
 * Relational check of tool events in a log: each appended `tool/result` cites exactly one earlier
 * `tool/call` of the same callId, turn and step, and each call is answered at most once.
 * Plane: shared; pure. Contract: returns the problems found ([] = consistent).
 * @module tools/invariant
 */
import type { SessionEvent } from '../session/types.ts'

export function toolPairingProblems(events: readonly SessionEvent[]): string[] {
  const problems: string[] = []
  const answered = new Set<number>()
  for (const event of events) {
    if (event.type !== 'tool/result' || event.surfaceOp !== 'append') continue
    const callId = event.data.message.source.callId
    const cited = event.sourceEventSeqs ?? []
    const call = cited.length === 1 ? events[cited[0]!] : undefined
    if (call?.type !== 'tool/call') {
      if (event.data.error?.code !== 'TOOL_NOT_STARTED') problems.push(`seq ${event.seq}: tool/result for ${callId} does not cite exactly one tool/call`)
      continue
    }
    const { turn, step } = event.data
    if (call.data.callId !== callId || call.data.turn !== turn || call.data.step !== step) {
      problems.push(`seq ${event.seq}: tool/result for ${callId} cites seq ${call.seq} (call ${call.data.callId}, turn ${call.data.turn} step ${call.data.step})`)
    }
    if (answered.has(call.seq)) problems.push(`seq ${event.seq}: tool/call seq ${call.seq} is answered twice`)
    answered.add(call.seq)
  }
  return problems
}
