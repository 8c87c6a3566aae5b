/**
 * Relational check of the approval audit trail: every `approval/asked` has exactly one later
 * `approval/decided` with its id, inside the same turn, and no decision lacks its ask.
 * Plane: shared; pure. Contract: returns the problems found ([] = consistent).
 * @module approval/invariant
 */
import type { SessionEvent } from '../session/types.ts'

export function approvalAuditProblems(events: readonly SessionEvent[]): string[] {
  const problems: string[] = []
  const open = new Map<string, number>()
  let turn: number | undefined
  for (const event of events) {
    if (event.type === 'turn/start') turn = event.data.turn
    if (event.type === 'turn/end' || event.type === 'session/end-seed') {
      for (const [id, seq] of open) problems.push(`approval ${id} asked at seq ${seq} was never decided in its turn`)
      open.clear()
      turn = undefined
    }
    if (event.type === 'approval/asked') {
      if (turn === undefined) problems.push(`seq ${event.seq}: approval ${event.data.id} asked outside a turn`)
      if (open.has(event.data.id)) problems.push(`seq ${event.seq}: approval ${event.data.id} asked twice`)
      open.set(event.data.id, event.seq)
    }
    if (event.type === 'approval/decided') {
      if (!open.delete(event.data.id)) problems.push(`seq ${event.seq}: approval ${event.data.id} decided without an open ask`)
    }
  }
  for (const [id, seq] of open) problems.push(`approval ${id} asked at seq ${seq} is still undecided`)
  return problems
}
