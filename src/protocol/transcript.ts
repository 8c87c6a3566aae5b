/**
 * The transcript projection: folds wire events (session events + derived tool cards) into the
 * view state the UI draws. Plane: shared; pure — the same fold runs live and on reopen, so a
 * reloaded session renders exactly as it did live. Inputs are never mutated; unchanged items
 * keep their identity so renderers can skip them.
 * @module protocol/transcript
 */
import type { ContentBlock, LlmFailure, StreamChunk } from '../llm/types.ts'
import type { SessionEvent, SessionEventMap, TurnEndReason } from '../session/types.ts'
import type { ToolCallView, ToolResultView } from '../tools/types.ts'
import type { WireEvent } from './messages.ts'

export interface TextPart { kind: 'text' | 'reasoning'; text: string }
export type TranscriptItem =
  | { kind: 'user'; key: string; seq: number; text: string }
  | { kind: 'assistant'; key: string; seq: number; turn: number; step: number; parts: TextPart[]; streaming: boolean; interrupted: boolean }
  | ToolItem
  | { kind: 'turn-end'; key: string; seq: number; turn: number; reason: TurnEndReason }
  | { kind: 'notice'; key: string; seq: number; tone: 'info' | 'warning' | 'error'; code: string; text: string }

export interface ToolItem {
  kind: 'tool'; key: string; seq: number; callId: string; name: string; arguments: string
  call?: ToolCallView
  result?: { isError: boolean; text: string; code?: string; card?: ToolResultView }
  approval?: { id: string; outcome?: 'allowed-once' | 'rejected' | 'cancelled' | 'unavailable' }
}

export interface TodoEntry { content: string; status: 'pending' | 'in_progress' | 'completed' }

export interface TranscriptState {
  readonly items: readonly TranscriptItem[]
  /** Seq of the last folded event; -1 before any. Events at or below it are ignored (idempotent). */
  readonly lastSeq: number
  readonly openTurn: number | null
  readonly todos: readonly TodoEntry[]
}

export const emptyTranscript: TranscriptState = Object.freeze({ items: [], lastSeq: -1, openTurn: null, todos: [] })

/** Folds a whole list (a reopened session) — the same code path as live delivery. */
export function foldAll(events: readonly WireEvent[], state: TranscriptState = emptyTranscript): TranscriptState {
  return events.reduce(foldTranscript, state)
}

/** @returns the next state; the input state is untouched. */
export function foldTranscript(state: TranscriptState, wire: WireEvent): TranscriptState {
  const event = wire.event
  if (event.seq <= state.lastSeq) return state
  const next = { ...state, lastSeq: event.seq }
  return applyEvent(next, event, wire.card)
}

function applyEvent(state: TranscriptState, event: SessionEvent, card: WireEvent['card']): TranscriptState {
  switch (event.type) {
    case 'turn/start': return { ...state, openTurn: event.data.turn }
    case 'turn/end': return { ...push(closeStreams(state), { kind: 'turn-end', key: `e${event.seq}`, seq: event.seq, turn: event.data.turn, reason: event.data.reason }), openTurn: null }
    case 'user/message': return foldUser(state, event as SessionEvent<'user/message'>)
    case 'assistant/chunk': return foldChunk(state, event.seq, event.data)
    case 'assistant/message': return foldAssistant(state, event as SessionEvent<'assistant/message'>)
    case 'tool/call': return foldCall(state, event.seq, event.data, card as ToolCallView | undefined)
    case 'tool/result': return foldResult(state, event.data, card as ToolResultView | undefined)
    case 'approval/asked': return updateTool(state, (t) => t.callId === event.data.callId && !t.approval, (t) => ({ ...t, approval: { id: event.data.id } }))
    case 'approval/decided': return updateTool(state, (t) => t.approval?.id === event.data.id, (t) => ({ ...t, approval: { id: event.data.id, outcome: event.data.outcome } }))
    case 'todo/write': return { ...state, todos: event.data.todos }
    case 'llm/retry': return notice(state, event.seq, 'warning', event.data.failure.code, retryText(event.data.failure, event.data.retry))
    case 'compaction/summary': return notice(state, event.seq, 'info', 'COMPACTED', `compacted ${event.data.shadowedSeqs.length} events`)
    default: return state
  }
}

function push(state: TranscriptState, item: TranscriptItem): TranscriptState {
  return { ...state, items: [...state.items, item] }
}

function notice(state: TranscriptState, seq: number, tone: 'info' | 'warning' | 'error', code: string, text: string): TranscriptState {
  return push(state, { kind: 'notice', key: `e${seq}`, seq, tone, code, text })
}

function retryText(failure: LlmFailure, retry: number): string {
  return `retry ${retry}: ${failure.message}`
}

function textOf(content: readonly ContentBlock[]): string {
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('')
}

function foldUser(state: TranscriptState, event: SessionEvent<'user/message'>): TranscriptState {
  if (event.data.source.kind !== 'user') return state
  return push(state, { kind: 'user', key: `e${event.seq}`, seq: event.seq, text: textOf(event.data.content) })
}

/** Index of the streaming assistant item of (turn, step), or -1. */
function streamingIndex(state: TranscriptState, turn: number, step: number): number {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const it = state.items[i]!
    if (it.kind === 'assistant' && it.streaming && it.turn === turn && it.step === step) return i
  }
  return -1
}

/** A turn ended: text still streaming was cut off (abort, error) and stays, marked interrupted. */
function closeStreams(state: TranscriptState): TranscriptState {
  if (!state.items.some((it) => it.kind === 'assistant' && it.streaming)) return state
  return { ...state, items: state.items.map((it) => (it.kind === 'assistant' && it.streaming ? { ...it, streaming: false, interrupted: true } : it)) }
}

function foldChunk(state: TranscriptState, seq: number, data: SessionEventMap['assistant/chunk']): TranscriptState {
  const chunk: StreamChunk = data.chunk
  if (chunk.type !== 'text-delta' && chunk.type !== 'reasoning-delta') return state
  const kind = chunk.type === 'text-delta' ? 'text' : 'reasoning'
  const at = streamingIndex(state, data.turn, data.step)
  if (at < 0) {
    return push(state, { kind: 'assistant', key: `e${seq}`, seq, turn: data.turn, step: data.step, parts: [{ kind, text: chunk.text }], streaming: true, interrupted: false })
  }
  const item = state.items[at] as Extract<TranscriptItem, { kind: 'assistant' }>
  const last = item.parts[item.parts.length - 1]
  const parts: TextPart[] = last && last.kind === kind
    ? [...item.parts.slice(0, -1), { kind, text: last.text + chunk.text }]
    : [...item.parts, { kind, text: chunk.text }]
  return replaceAt(state, at, { ...item, parts })
}

function foldAssistant(state: TranscriptState, event: SessionEvent<'assistant/message'>): TranscriptState {
  const { turn, step, message, interrupted } = event.data
  const parts: TextPart[] = []
  for (const b of message.content) if (b.type === 'text' || b.type === 'reasoning') parts.push({ kind: b.type, text: b.text })
  const at = streamingIndex(state, turn, step)
  if (parts.length === 0) return at < 0 ? state : { ...state, items: state.items.filter((_, i) => i !== at) }
  const base = at < 0 ? undefined : state.items[at]
  const item: TranscriptItem = { kind: 'assistant', key: base?.key ?? `e${event.seq}`, seq: event.seq, turn, step, parts, streaming: false, interrupted: interrupted === true }
  return at < 0 ? push(state, item) : replaceAt(state, at, item)
}

function foldCall(state: TranscriptState, seq: number, data: SessionEventMap['tool/call'], card: ToolCallView | undefined): TranscriptState {
  const item: ToolItem = { kind: 'tool', key: `e${seq}`, seq, callId: data.callId, name: data.name, arguments: data.arguments }
  return push(state, card ? { ...item, call: card } : item)
}

function foldResult(state: TranscriptState, data: SessionEventMap['tool/result'], card: ToolResultView | undefined): TranscriptState {
  const block = data.message.content[0]
  const result: NonNullable<ToolItem['result']> = { isError: block.isError === true, text: textOf(block.content) }
  if (data.error) result.code = data.error.code
  if (card) result.card = card
  const callId = block.toolCallId
  const found = state.items.some((it) => it.kind === 'tool' && it.callId === callId)
  if (!found) return push(state, { kind: 'tool', key: `r${state.lastSeq}`, seq: state.lastSeq, callId, name: '', arguments: '', result })
  return updateTool(state, (t) => t.callId === callId, (t) => ({ ...t, result }))
}

function replaceAt(state: TranscriptState, at: number, item: TranscriptItem): TranscriptState {
  const items = state.items.slice()
  items[at] = item
  return { ...state, items }
}

/** Replaces the last tool item matching `match` (searching from the end). */
function updateTool(state: TranscriptState, match: (t: ToolItem) => boolean, change: (t: ToolItem) => ToolItem): TranscriptState {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const it = state.items[i]!
    if (it.kind === 'tool' && match(it)) return replaceAt(state, i, change(it))
  }
  return state
}
