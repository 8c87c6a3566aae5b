// The page's session feeds: a step's first streamed text (or reasoning) is posted to be sent at once, so the
// reader sees it before the rest of a reply that streams within one task; every other event, and a replay, is not.
import { describe, expect, it } from 'vitest'
import { SessionFeeds } from '../../../src/host/session-feed.ts'
import type { HostNotice } from '../../../src/protocol/messages.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import type { SessionId } from '../../../src/util/brand.ts'

const session = 's' as SessionId
let seq = 0
const event = (type: string, data: unknown): SessionEvent => ({ seq: seq++, type, time: 0, data } as SessionEvent)
const chunk = (chunk: unknown) => event('assistant/chunk', { turn: 1, step: 1, chunk })

function feeds(): { feeds: SessionFeeds; posted: { seqs: number[]; now: boolean }[] } {
  const posted: { seqs: number[]; now: boolean }[] = []
  const post = (notice: HostNotice, now = false) => {
    if (notice.kind === 'session.events') posted.push({ seqs: notice.events.map((w) => w.event.seq), now })
  }
  return { feeds: new SessionFeeds(post, () => undefined), posted }
}

describe('SessionFeeds', () => {
  it('asks for the first text or reasoning delta of each live step to be sent at once, and only for that', () => {
    seq = 0
    const { feeds: f, posted } = feeds()
    f.subscribe(session, [], 0)
    const live = [
      event('step/start', { turn: 1, step: 1 }),
      chunk({ type: 'block-start', index: 0, blockType: 'text' }),
      chunk({ type: 'text-delta', index: 0, text: 'Hel' }),
      chunk({ type: 'text-delta', index: 0, text: 'lo' }),
      event('step/end', { turn: 1, step: 1 }),
      event('step/start', { turn: 1, step: 2 }),
      chunk({ type: 'reasoning-delta', index: 0, text: 'hm' }),
      chunk({ type: 'text-delta', index: 1, text: 'ok' }),
    ]
    for (const e of live) f.onEvent({ id: session }, e)
    expect(posted.filter((p) => p.now).map((p) => p.seqs)).toEqual([[2], [6]])
    expect(posted.flatMap((p) => p.seqs)).toEqual(live.map((e) => e.seq))
  })

  it('sends a replayed log, and a delta that continues a step under way when subscribing, with the task', () => {
    seq = 0
    const { feeds: f, posted } = feeds()
    const stored = [event('step/start', { turn: 1, step: 1 }), chunk({ type: 'text-delta', index: 0, text: 'a' })]
    f.subscribe(session, stored, 0)
    f.onEvent({ id: session }, chunk({ type: 'text-delta', index: 0, text: 'b' }))
    expect(posted).toEqual([{ seqs: [0, 1], now: false }, { seqs: [2], now: false }])
  })
})
