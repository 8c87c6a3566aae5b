/**
 * Draws tool cards for the transcript: runs a tool's `presentCall`/`presentResult` over a logged
 * `tool/call` / `tool/result` so the page can render terminal, diff and generic cards.
 * Plane: worker; reads the log only. Contract: cards are pure in the logged args and result, so
 * live delivery and a reopened session carry identical cards; a presenter that throws or a
 * tool that is gone yields no card (the page falls back to the generic card).
 * @module host/cards
 */
import type { SessionEvent } from '../session/types.ts'
import type { ToolCallView, ToolResultView } from '../tools/types.ts'
import type { WireEvent } from '../protocol/messages.ts'
import type { ToolLookup } from './types.ts'

type CallEvent = SessionEvent<'tool/call'>

/** A logged call's arguments (`''` is `{}`); `undefined` when they do not parse. */
export function parseArgs(raw: string): unknown {
  if (raw === '') return {}
  try {
    return JSON.parse(raw)
  } catch {
    return undefined // unparseable args: the call failed INVALID_ARGS; there is nothing to present
  }
}

/** Runs a presenter; a throwing presenter means "no card" (presenters validate softly, contracts §8.1). */
function present<V>(run: () => V | undefined): V | undefined {
  try {
    const view = run()
    return view === undefined ? undefined : (structuredClone(view) as V)
  } catch {
    return undefined
  }
}

export function presentCall(lookup: ToolLookup, name: string, rawArgs: string): ToolCallView | undefined {
  const tool = lookup(name)
  const args = parseArgs(rawArgs)
  if (!tool?.presentCall || args === undefined) return undefined
  return present(() => tool.presentCall!(args))
}

/** Annotates events with cards, remembering each session's calls so results find their args. */
export class CardPainter {
  readonly #calls = new Map<string, CallEvent>()
  constructor(private readonly lookup: ToolLookup) {}

  /** Records a call without drawing it (events before a feed's start seq). */
  remember(event: SessionEvent): void {
    if (event.type === 'tool/call') this.#calls.set(event.data.callId, event as CallEvent)
  }

  paint(event: SessionEvent): WireEvent {
    this.remember(event)
    if (event.type === 'tool/call') {
      const card = presentCall(this.lookup, event.data.name, event.data.arguments)
      return card ? { event, card } : { event }
    }
    if (event.type === 'tool/result') {
      const card = this.#resultCard(event as SessionEvent<'tool/result'>)
      return card ? { event, card } : { event }
    }
    return { event }
  }

  #resultCard(event: SessionEvent<'tool/result'>): ToolResultView | undefined {
    const block = event.data.message.content[0]
    const call = this.#calls.get(block.toolCallId)
    const tool = call && this.lookup(call.data.name)
    const args = call && parseArgs(call.data.arguments)
    if (!tool?.presentResult || args === undefined) return undefined
    const result = { content: block.content, isError: block.isError === true, ...(event.data.meta !== undefined ? { meta: event.data.meta } : {}) }
    return present(() => tool.presentResult!(args, result))
  }
}
