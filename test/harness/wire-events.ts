/**
 * Builders of wire events (session events + cards) for UI tests: a turn with streamed text,
 * reasoning and tool calls, numbered with contiguous seqs.
 * @module test/harness/wire-events
 */
import type { WireEvent } from '../../src/protocol/messages.ts'

export class WireLog {
  readonly events: WireEvent[] = []
  #turn = 0

  #push(type: string, data: unknown, card?: unknown): this {
    this.events.push({ event: { seq: this.events.length, type, time: 0, data } as never, ...(card ? { card: card as never } : {}) })
    return this
  }

  /** Any event, for what the builders here do not make (an open turn, approvals, a lone call). */
  add(type: string, data: unknown, card?: unknown): this {
    return this.#push(type, data, card)
  }

  user(text: string): this {
    return this.#push('user/message', { id: `u${this.events.length}`, role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } })
  }

  /** One full turn: reasoning + text streamed, then optional tool calls with results. */
  turn(opts: { text: string; reasoning?: string; tools?: { name: string; args: string; output: string; isError?: boolean; callCard?: unknown; resultCard?: unknown }[]; end?: unknown }): this {
    const turn = ++this.#turn
    this.#push('turn/start', { turn }).#push('step/start', { turn, step: 1 })
    if (opts.reasoning) this.#push('assistant/chunk', { turn, step: 1, chunk: { type: 'reasoning-delta', index: 0, text: opts.reasoning } })
    this.#push('assistant/chunk', { turn, step: 1, chunk: { type: 'text-delta', index: 1, text: opts.text } })
    const tools = opts.tools ?? []
    const content = [...(opts.reasoning ? [{ type: 'reasoning', text: opts.reasoning }] : []), { type: 'text', text: opts.text }, ...tools.map((t, i) => ({ type: 'tool-call', id: `c${turn}-${i}`, name: t.name, arguments: t.args }))]
    this.#push('assistant/message', { turn, step: 1, message: { id: `a${turn}`, role: 'assistant', source: { kind: 'model', provider: 'scripted', model: 'm' }, content } })
    tools.forEach((t, i) => {
      const callId = `c${turn}-${i}`
      this.#push('tool/call', { turn, step: 1, callId, name: t.name, arguments: t.args }, t.callCard)
      this.#push('tool/result', { turn, step: 1, message: { id: `r${callId}`, role: 'user', source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: t.output }], ...(t.isError ? { isError: true } : {}) }] } }, t.resultCard)
    })
    return this.#push('step/end', { turn, step: 1 }).#push('turn/end', { turn, reason: opts.end ?? { kind: 'completed' } })
  }
}
