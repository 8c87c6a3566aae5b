/**
 * A tool call in one line — state, verb, target, outcome — from the call's logged item, its
 * cards and a pending approval question. Plane: main; pure. Contract: every card kind and every
 * state gives a line; nothing here is drawn.
 * @module components/dsh-transcript/tool-summary
 */
import type { ApprovalQuestion, ToolItem } from '../../src/protocol/index.ts'
import type { FileDiff } from '../../src/tools/types.ts'
import type { ToolStrings, ToolVerb } from '../i18n/tool-strings.ts'
import { diffStat } from './diff-lines.ts'
import { originName, originOf } from './tool-origin.ts'

/** What a card draws: a logged call, or the call a question asks about. */
export type CardCall = Pick<ToolItem, 'callId' | 'name' | 'arguments' | 'call' | 'result' | 'approval'> & Partial<Pick<ToolItem, 'progress'>>

export type CardState = 'running' | 'waiting' | 'done' | 'failed' | 'rejected' | 'cancelled'

const CANCELLED_CODES = new Set(['ABORTED', 'ABORTED_BEFORE_DISPATCH'])

export function cardState(call: CardCall, question: ApprovalQuestion | undefined): CardState {
  const outcome = call.approval?.outcome
  if (question) return 'waiting'
  if (outcome === 'rejected' || outcome === 'unavailable') return 'rejected'
  if (outcome === 'cancelled' || (call.result?.code !== undefined && CANCELLED_CODES.has(call.result.code))) return 'cancelled'
  if (!call.result) return call.approval && !outcome ? 'waiting' : 'running'
  return call.result.isError ? 'failed' : 'done'
}

/** The diffs a card shows: the result's (what happened), else the question's or the call's (what is asked). */
export function cardDiffs(call: CardCall, question?: ApprovalQuestion): readonly FileDiff[] {
  if (call.result?.card?.card === 'diff') return call.result.card.diffs
  if (question?.card?.card === 'diff') return question.card.diffs
  return call.call?.card === 'diff' ? call.call.diffs : []
}

function verbOf(call: CardCall, diffs: readonly FileDiff[]): ToolVerb | undefined {
  const view = call.call
  if (call.result?.card?.card === 'read' || (view?.card === 'generic' && view.kind === 'read')) return 'read'
  if (call.result?.card?.card === 'search' || (view?.card === 'generic' && view.kind === 'search')) return 'search'
  if (view?.card === 'terminal' || call.result?.card?.card === 'terminal') return 'run'
  const asked = view?.card === 'diff' ? view.diffs : diffs
  if (asked.length === 0) return call.name === 'todo_write' ? 'todo' : undefined
  if (asked.some((d) => d.oldText !== null)) return 'edit'
  return call.result?.card?.card === 'diff' && call.result.card.diffs.every((d) => d.oldText === null) ? 'create' : 'write'
}

function argument(call: CardCall, key: string): string | undefined {
  try {
    const value = (JSON.parse(call.arguments) as Record<string, unknown>)[key]
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined // arguments that do not parse: the card shows them raw in its details
  }
}

function targetOf(call: CardCall, verb: ToolVerb | undefined, diffs: readonly FileDiff[]): string {
  const view = call.call
  const result = call.result?.card
  switch (verb) {
    case 'read': return result?.card === 'read' ? result.path : view?.card === 'generic' ? view.locations?.[0] ?? view.title : call.name
    case 'search': return argument(call, 'pattern') ?? view?.title ?? call.name
    case 'run': return view?.title ?? (result?.card === 'terminal' ? result.title : undefined) ?? call.name
    case 'edit': case 'write': case 'create': return diffs.map((d) => d.path).join(', ')
    case 'todo': return ''
    default: return view?.title && view.title !== call.name ? view.title : ''
  }
}

function doneOutcome(call: CardCall, verb: ToolVerb | undefined, diffs: readonly FileDiff[], t: ToolStrings): string {
  const result = call.result?.card
  if (result?.card === 'read') return result.lines.length < result.totalLines ? t.linesOf(result.lines.length, result.totalLines) : t.lines(result.lines.length)
  if (result?.card === 'terminal') return result.signal ? t.killed(result.signal) : typeof result.exitCode === 'number' ? t.exit(result.exitCode) : ''
  if (result?.card === 'search') return result.shape === 'matches' ? t.matches(result.total, result.files.length) : t.files(result.total)
  if (verb === 'edit' || verb === 'write' || verb === 'create') {
    const { added, removed } = diffStat(diffs)
    return removed === 0 ? `+${added}` : `+${added} −${removed}` // a new file replaces nothing: no "−0"
  }
  if (verb === 'todo' && call.call?.card === 'generic' && call.call.content) return t.tasks(call.call.content.split('\n').length)
  return ''
}

export interface CardLine {
  state: CardState
  /** The verb in the state's form, or the tool's name for a tool without one. */
  verb: string
  target: string
  outcome: string
}

export function cardLine(call: CardCall, question: ApprovalQuestion | undefined, t: ToolStrings): CardLine {
  const state = cardState(call, question)
  const diffs = cardDiffs(call, question)
  const verb = verbOf(call, diffs)
  const form = state === 'running' ? 1 : state === 'done' ? 2 : 0
  const outcome = state === 'done' ? doneOutcome(call, verb, diffs, t)
    : state === 'failed' ? `${t.states.failed}${call.result?.code ? ` (${call.result.code})` : ''}`
    : state === 'running' && call.progress ? `${t.states.running} ${t.progressOf(call.progress)}`
    : t.states[state]
  const origin = originOf(call, question)
  if (origin) return { state, ...originName(origin, t), outcome }
  return { state, verb: verb ? t.verbs[verb][form]! : call.name, target: targetOf(call, verb, diffs), outcome }
}
