// The dsh-* event map: emit dispatches bubbling, composed events; only request-style events are
// cancelable (a veto shows in emit's result); notices are not; the DOM map is derived from one source.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { DSH_EVENT_CANCELABLE, emit, type DshEventDetails, type DshEventName } from '../../../components/events/index.ts'
import type { TurnEndReason } from '../../../src/session/types.ts'

const REQUESTS: DshEventName[] = ['dsh-submit', 'dsh-cancel', 'dsh-approval-decide', 'dsh-question-answer', 'dsh-session-action', 'dsh-settings-change', 'dsh-history-request', 'dsh-mcp-change']
const NOTICES: DshEventName[] = ['dsh-ready', 'dsh-turn-start', 'dsh-turn-end', 'dsh-error', 'dsh-offline']

function dispatched(name: DshEventName, veto: boolean): { event: Event; result: boolean } {
  const target = new EventTarget()
  let event: Event | undefined
  target.addEventListener(name, (e) => {
    event = e
    if (veto) e.preventDefault()
  })
  const result = emit(target, name, {} as DshEventDetails[typeof name])
  return { event: event!, result }
}

describe('dsh-* events', () => {
  it('declares every event as a request or a notice, and nothing else', () => {
    expect(Object.keys(DSH_EVENT_CANCELABLE).sort()).toEqual([...REQUESTS, ...NOTICES].sort())
  })

  it.each(REQUESTS)('%s is a cancelable request: a listener’s veto makes emit return false', (name) => {
    const { event, result } = dispatched(name, true)
    expect(event).toMatchObject({ bubbles: true, composed: true, cancelable: true, defaultPrevented: true })
    expect(result).toBe(false)
    expect(dispatched(name, false).result).toBe(true)
  })

  it.each(NOTICES)('%s is a notice: not cancelable, a listener cannot veto it', (name) => {
    const { event, result } = dispatched(name, true)
    expect(event).toMatchObject({ bubbles: true, composed: true, cancelable: false, defaultPrevented: false })
    expect(result).toBe(true)
  })

  it('types listeners from the one map; dsh-turn-end’s reason is the logged TurnEndReason kind', () => {
    expectTypeOf<GlobalEventHandlersEventMap['dsh-turn-end']>().toEqualTypeOf<CustomEvent<DshEventDetails['dsh-turn-end']>>()
    expectTypeOf<GlobalEventHandlersEventMap['dsh-session-action']['detail']>().toEqualTypeOf<DshEventDetails['dsh-session-action']>()
    expectTypeOf<DshEventDetails['dsh-turn-end']['reason']>().toEqualTypeOf<TurnEndReason['kind']>()
  })
})
