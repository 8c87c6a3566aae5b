// The host's question bridge fails closed like approval: no page → unavailable at once; a pending question is
// posted to the page, answered only by its own id, withdrawn on abort and made unavailable when the page goes.
import { expect, it } from 'vitest'
import type { HostNotice } from '../../../src/protocol/messages.ts'
import { QuestionBridge } from '../../../src/host/question-bridge.ts'
import type { QuestionRequestId } from '../../../src/util/brand.ts'

const questions = [{ id: 'q', question: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }]

function bridge(attached = true) {
  const posted: HostNotice[] = []
  const b = new QuestionBridge((n) => posted.push(n), () => attached)
  const promptId = () => (posted.find((n) => n.kind === 'question.requested') as Extract<HostNotice, { kind: 'question.requested' }>).prompt.id
  return { b, posted, promptId }
}

it('answers unavailable without posting when no page is attached', async () => {
  const { b, posted } = bridge(false)
  expect(await b.ask({ questions })).toBe('unavailable')
  expect(posted).toEqual([])
})

it('posts the prompt with its call id; only the pending id answers, and settling is announced', async () => {
  const { b, posted, promptId } = bridge()
  const outcome = b.ask({ questions, callId: 'c1' as never })
  expect(posted[0]).toMatchObject({ kind: 'question.requested', prompt: { questions, callId: 'c1' } })
  expect(b.answer('stale' as QuestionRequestId, { answers: [] })).toBe(false)
  expect(b.answer(promptId(), { answers: [{ id: 'q', selected: ['B'] }] })).toBe(true)
  expect(await outcome).toEqual({ answers: [{ id: 'q', selected: ['B'] }] })
  expect(posted.at(-1)).toEqual({ kind: 'question.settled', id: promptId() })
  expect(b.answer(promptId(), { answers: [] })).toBe(false)
})

it('detaching the page or aborting the call ends a pending question as unavailable', async () => {
  const detached = bridge()
  const first = detached.b.ask({ questions })
  detached.b.detachAll()
  expect(await first).toBe('unavailable')
  const aborted = bridge()
  const controller = new AbortController()
  const second = aborted.b.ask({ questions, signal: controller.signal })
  controller.abort()
  expect(await second).toBe('unavailable')
  expect(aborted.posted.map((n) => n.kind)).toEqual(['question.requested', 'question.settled'])
})
