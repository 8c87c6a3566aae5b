/**
 * The transcript projection: folds wire events (session events + derived tool cards) into the
 * view state the UI draws. Plane: shared; pure — the same fold runs live and on reopen, so a
 * reloaded session renders exactly as it did live. Inputs are never mutated; unchanged items
 * keep their identity so renderers can skip them. Cost: one copy of `items` per folded batch;
 * each event touches only the items of the open turn (a turn-end closes every stream before it).
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
  | { kind: 'notice'; key: string; seq: number; tone: 'info' | 'warning' | 'error'; code: string; text: string; detail?: string }

export interface ToolItem {
  kind: 'tool'; key: string; seq: number; callId: string; name: string; arguments: string
  call?: ToolCallView
  /** `trimmed`: the result was replaced on the surface by a shorter one (the pruner); the log keeps the original. */
  result?: { isError: boolean; text: string; code?: string; card?: ToolResultView; trimmed?: true }
  /** `rule`: this grant made a session allow rule (`made`), or the call ran under one without asking (`applied`). */
  approval?: { id: string; outcome?: 'allowed-once' | 'rejected' | 'cancelled' | 'unavailable'; rule?: 'made' | 'applied' }
  /** The last progress the running call reported (`tool/progress`); kept once the result is in. */
  progress?: { progress: number; total?: number; message?: string }
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
  return foldEvents(state, events)
}

/**
 * Puts older history before `state`: `older` is whole turns ending where `state`'s events start
 * (`session.history`), folded on its own. Only its items are taken: the task list, the open turn
 * and the last seq are `state`'s, which is newer.
 */
export function prependHistory(state: TranscriptState, older: readonly WireEvent[]): TranscriptState {
  const items = foldAll(older).items
  return items.length === 0 ? state : { ...state, items: [...items, ...state.items] }
}

/** @returns the next state; the input state is untouched. */
export function foldTranscript(state: TranscriptState, wire: WireEvent): TranscriptState {
  return foldEvents(state, [wire])
}

/**
 * Folds a batch (one delivery) in order. @returns `state` itself when every event was already
 * folded, else a new state whose `items` is one fresh array sharing every unchanged item.
 */
export function foldEvents(state: TranscriptState, events: readonly WireEvent[]): TranscriptState {
  const draft = new Draft(state)
  for (const wire of events) {
    if (wire.event.seq <= draft.lastSeq) continue
    draft.lastSeq = wire.event.seq
    applyEvent(draft, wire.event, wire.card)
  }
  return draft.lastSeq === state.lastSeq ? state : { items: draft.items, lastSeq: draft.lastSeq, openTurn: draft.openTurn, todos: draft.todos }
}

type AssistantItem = Extract<TranscriptItem, { kind: 'assistant' }>

/** The state being folded: copies the input's `items` on the first write, then writes in place. */
class Draft {
  items: TranscriptItem[]
  lastSeq: number
  openTurn: number | null
  todos: readonly TodoEntry[]
  #owned = false

  constructor(state: TranscriptState) {
    this.items = state.items as TranscriptItem[]
    this.lastSeq = state.lastSeq
    this.openTurn = state.openTurn
    this.todos = state.todos
  }

  push(item: TranscriptItem): void {
    this.#own().push(item)
  }

  set(at: number, item: TranscriptItem): void {
    this.#own()[at] = item
  }

  remove(at: number): void {
    this.#own().splice(at, 1)
  }

  /** Index of the first item after the last turn-end: no item before it is still streaming. */
  openFrom(): number {
    let i = this.items.length
    while (i > 0 && this.items[i - 1]!.kind !== 'turn-end') i--
    return i
  }

  #own(): TranscriptItem[] {
    if (!this.#owned) {
      this.items = this.items.slice()
      this.#owned = true
    }
    return this.items
  }
}

function applyEvent(draft: Draft, event: SessionEvent, card: WireEvent['card']): void {
  switch (event.type) {
    case 'turn/start': draft.openTurn = event.data.turn; return
    case 'turn/end': return foldTurnEnd(draft, event as SessionEvent<'turn/end'>)
    case 'user/message': return foldUser(draft, event as SessionEvent<'user/message'>)
    case 'assistant/chunk': return foldChunk(draft, event.seq, event.data)
    case 'assistant/message': return foldAssistant(draft, event as SessionEvent<'assistant/message'>)
    case 'tool/call': return foldCall(draft, event.seq, event.data, card as ToolCallView | undefined)
    case 'tool/result': return foldResult(draft, event as SessionEvent<'tool/result'>, card as ToolResultView | undefined)
    case 'approval/asked': updateTool(draft, (t) => t.callId === event.data.callId && !t.approval, (t) => ({ ...t, approval: { id: event.data.id } })); return
    case 'approval/decided': updateTool(draft, (t) => t.approval?.id === event.data.id, (t) => ({ ...t, approval: { ...t.approval!, outcome: event.data.outcome } })); return
    case 'approval/rule': return ruleMade(draft, event.data.callId)
    case 'approval/rule-applied': updateTool(draft, (t) => t.callId === event.data.callId, (t) => ({ ...t, approval: { id: event.data.ruleId, outcome: 'allowed-once', rule: 'applied' } })); return
    case 'tool/progress': return foldProgress(draft, event as SessionEvent<'tool/progress'>)
    case 'todo/write': draft.todos = event.data.todos; return
    case 'llm/retry': return notice(draft, event.seq, 'warning', event.data.failure.code, retryText(event.data.failure, event.data.retry))
    case 'llm/offline': return notice(draft, event.seq, 'warning', 'OFFLINE', 'Offline — waiting for the network to retry')
    case 'compaction/summary': return notice(draft, event.seq, 'info', 'COMPACTED', `compacted ${event.data.shadowedSeqs.length} events`)
    case 'mcp/server': return mcpServerNotice(draft, event as SessionEvent<'mcp/server'>)
    case 'job/ended': return notice(draft, event.seq, 'info', 'JOB_ENDED', `Background job ${event.data.jobId} ${jobEnd(event.data)}: ${event.data.label}`)
    case 'job/lost': return notice(draft, event.seq, 'warning', 'JOB_LOST', `Background job ${event.data.jobId} was lost — it was still running when the session was closed or the page reloaded: ${event.data.label}`)
    case 'workspace/saved-by-person': return notice(draft, event.seq, 'info', 'SAVED_BY_PERSON', `You saved ${event.data.path}: the agent is told, and reads it again before changing it`)
    case 'mcp/problem': return notice(draft, event.seq, 'warning', event.data.code, `MCP server "${event.data.server}"${event.data.tool ? `, tool "${event.data.tool}"` : ''}: ${event.data.reason}`)
  }
}

/** An MCP server went away (its tools are gone) or came back. */
function mcpServerNotice(draft: Draft, { seq, data }: SessionEvent<'mcp/server'>): void {
  if (data.status === 'unavailable') return notice(draft, seq, 'warning', data.code ?? 'MCP_UNAVAILABLE', `MCP server "${data.server}" unavailable, its tools are absent: ${data.reason ?? 'no reason given'}`)
  notice(draft, seq, 'info', 'MCP_CONNECTED', `MCP server "${data.server}" connected (${data.tools ?? 0} tools)`)
}

/** How a background job ended, for its notice: `completed (exit code 0)`, `killed (SIGTERM)`. */
function jobEnd(end: SessionEventMap['job/ended']): string {
  const detail = end.signal ?? (end.exitCode === null ? undefined : `exit code ${end.exitCode}`)
  return detail === undefined ? end.status : `${end.status} (${detail})`
}

/** A turn ended: text still streaming was cut off (abort, error) and stays, marked interrupted. */
function foldTurnEnd(draft: Draft, event: SessionEvent<'turn/end'>): void {
  for (let i = draft.openFrom(); i < draft.items.length; i++) {
    const it = draft.items[i]!
    if (it.kind === 'assistant' && it.streaming) draft.set(i, { ...it, streaming: false, interrupted: true })
  }
  const item: TranscriptItem = { kind: 'turn-end', key: `e${event.seq}`, seq: event.seq, turn: event.data.turn, reason: event.data.reason }
  // A turn that showed nothing of its own (a "Trim tool results" turn) moves the previous end instead of adding one.
  if (event.data.reason.kind === 'completed' && draft.items.at(-1)?.kind === 'turn-end') draft.set(draft.items.length - 1, item)
  else draft.push(item)
  draft.openTurn = null
}

/** The grant for call `callId` also made a session rule. */
function ruleMade(draft: Draft, callId: string | undefined): void {
  if (callId !== undefined) updateTool(draft, (t) => t.callId === callId && t.approval !== undefined, (t) => ({ ...t, approval: { ...t.approval!, rule: 'made' } }))
}

function notice(draft: Draft, seq: number, tone: 'info' | 'warning' | 'error', code: string, text: string): void {
  draft.push({ kind: 'notice', key: `e${seq}`, seq, tone, code, text })
}

function retryText(failure: LlmFailure, retry: number): string {
  return `retry ${retry}: ${failure.message}`
}

function textOf(content: readonly ContentBlock[]): string {
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('')
}

/** Workspace instructions entered the conversation: one collapsed notice naming the files (the text is its detail). */
function foldInstructions(draft: Draft, event: SessionEvent<'user/message'>): void {
  const { changes } = event.data.source as { changes?: unknown }
  const files = (Array.isArray(changes) ? changes as unknown[] : []).map((c) => {
    const { action, path } = (c ?? {}) as { action?: unknown; path?: unknown }
    return typeof path !== 'string' ? '' : action === 'remove' ? `${path} (removed)` : action === 'replace' ? `${path} (updated)` : path
  }).filter(Boolean)
  draft.push({ kind: 'notice', key: `e${event.seq}`, seq: event.seq, tone: 'info', code: 'INSTRUCTIONS', text: files.join(', '), detail: textOf(event.data.content) })
}

function foldUser(draft: Draft, event: SessionEvent<'user/message'>): void {
  const source = event.data.source
  if (source.kind === 'plugin' && source.plugin === 'agent-instructions') return foldInstructions(draft, event)
  if (source.kind !== 'user') return
  draft.push({ kind: 'user', key: `e${event.seq}`, seq: event.seq, text: textOf(event.data.content) })
}

/** Index of the streaming assistant item of (turn, step), or -1. */
function streamingIndex(draft: Draft, turn: number, step: number): number {
  const from = draft.openFrom()
  for (let i = draft.items.length - 1; i >= from; i--) {
    const it = draft.items[i]!
    if (it.kind === 'assistant' && it.streaming && it.turn === turn && it.step === step) return i
  }
  return -1
}

function foldChunk(draft: Draft, seq: number, data: SessionEventMap['assistant/chunk']): void {
  const chunk: StreamChunk = data.chunk
  if (chunk.type !== 'text-delta' && chunk.type !== 'reasoning-delta') return
  const kind = chunk.type === 'text-delta' ? 'text' : 'reasoning'
  const at = streamingIndex(draft, data.turn, data.step)
  if (at < 0) {
    return draft.push({ kind: 'assistant', key: `e${seq}`, seq, turn: data.turn, step: data.step, parts: [{ kind, text: chunk.text }], streaming: true, interrupted: false })
  }
  const item = draft.items[at] as AssistantItem
  const last = item.parts[item.parts.length - 1]
  const parts: TextPart[] = last && last.kind === kind
    ? [...item.parts.slice(0, -1), { kind, text: last.text + chunk.text }]
    : [...item.parts, { kind, text: chunk.text }]
  draft.set(at, { ...item, parts })
}

function foldAssistant(draft: Draft, event: SessionEvent<'assistant/message'>): void {
  const { turn, step, message, interrupted } = event.data
  const parts: TextPart[] = []
  for (const b of message.content) if (b.type === 'text' || b.type === 'reasoning') parts.push({ kind: b.type, text: b.text })
  const at = streamingIndex(draft, turn, step)
  if (parts.length === 0) return at < 0 ? undefined : draft.remove(at)
  const base = at < 0 ? undefined : draft.items[at]
  const item: TranscriptItem = { kind: 'assistant', key: base?.key ?? `e${event.seq}`, seq: event.seq, turn, step, parts, streaming: false, interrupted: interrupted === true }
  return at < 0 ? draft.push(item) : draft.set(at, item)
}

function foldCall(draft: Draft, seq: number, data: SessionEventMap['tool/call'], card: ToolCallView | undefined): void {
  const item: ToolItem = { kind: 'tool', key: `e${seq}`, seq, callId: data.callId, name: data.name, arguments: data.arguments }
  draft.push(card ? { ...item, call: card } : item)
}

function foldResult(draft: Draft, event: SessionEvent<'tool/result'>, card: ToolResultView | undefined): void {
  const { data } = event
  const block = data.message.content[0]
  const result: NonNullable<ToolItem['result']> = { isError: block.isError === true, text: textOf(block.content) }
  if (data.error) result.code = data.error.code
  if (card) result.card = card
  if (typeof event.surfaceOp === 'object') result.trimmed = true
  const callId = block.toolCallId
  if (updateTool(draft, (t) => t.callId === callId, (t) => ({ ...t, result }))) return
  draft.push({ kind: 'tool', key: `r${draft.lastSeq}`, seq: draft.lastSeq, callId, name: '', arguments: '', result })
}

/** A running call reported how far it is: its card shows the latest report. */
function foldProgress(draft: Draft, { data }: SessionEvent<'tool/progress'>): void {
  const { callId, progress, total, message } = data
  if (typeof progress !== 'number') return
  const latest = { progress, ...(typeof total === 'number' ? { total } : {}), ...(typeof message === 'string' ? { message } : {}) }
  updateTool(draft, (t) => t.callId === callId && !t.result, (t) => ({ ...t, progress: latest }))
}

/** Replaces the last tool item matching `match` (searching from the end). @returns whether one matched */
function updateTool(draft: Draft, match: (t: ToolItem) => boolean, change: (t: ToolItem) => ToolItem): boolean {
  for (let i = draft.items.length - 1; i >= 0; i--) {
    const it = draft.items[i]!
    if (it.kind === 'tool' && match(it)) {
      draft.set(i, change(it))
      return true
    }
  }
  return false
}
