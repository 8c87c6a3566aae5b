// ask_user_question through the whole runtime: dsh's schema in, `{answers}` JSON out, and every
// fail-closed path (no answerer, `unavailable`, a malformed reply, abort) an error result the turn survives.
import { afterEach, expect, it } from 'vitest'
import type { ScriptedReply } from '../../../src/index.ts'
import type { AskUserQuestionRequest, UserQuestionOutcome } from '../../../src/user-questions/types.ts'
import { createLoopRuntime, nextEvent } from '../../harness/loop-runtime.ts'

const question = {
  id: 'lang', question: 'Which language should the example use?', header: 'Language',
  options: [{ label: 'TypeScript (Recommended)', description: 'Matches the docs' }, { label: 'Python' }], multi_select: false,
}
const ask = (questions: unknown[] = [question]): ScriptedReply[] => [
  { toolCalls: [{ name: 'ask_user_question', arguments: JSON.stringify({ questions }), id: 'c1' }], finish: 'tool-calls' },
  { text: 'ok' },
]
const disposers: (() => Promise<void>)[] = []
afterEach(async () => { for (const d of disposers.splice(0)) await d() })

async function run(replies: ScriptedReply[], answer?: (request: AskUserQuestionRequest) => Promise<UserQuestionOutcome> | UserQuestionOutcome) {
  const h = await createLoopRuntime(replies, answer ? { userQuestions: { answer } } : {})
  disposers.push(() => h.runtime.dispose())
  h.agent.followup('write an example')
  await h.agent.whenIdle()
  const result = h.ofType('tool/result').at(-1)!
  const block = result.data.message.content[0]
  return { h, text: block.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), isError: block.isError === true, code: result.data.error?.code }
}

it('asks the answerer with the camelCase request and returns compact JSON', async () => {
  const seen: AskUserQuestionRequest[] = []
  const { text, isError, h } = await run(ask(), (request) => {
    seen.push(request)
    return { answers: [{ id: 'lang', selected: ['Python'] }] }
  })
  expect(isError).toBe(false)
  expect(text).toBe('{"answers":[{"id":"lang","selected":["Python"]}]}')
  expect(seen[0]!.questions).toEqual([{ id: 'lang', question: question.question, header: 'Language', options: question.options, multiSelect: false }])
  expect(seen[0]!.callId).toBe('c1')
  expect(seen[0]!.agent).toBe(h.agent)
  expect(h.ofType('turn/end').at(-1)!.data.reason).toEqual({ kind: 'completed' })
})

it('keeps free text: it overrides a single-select choice and supplements a multi-select one', async () => {
  const multi = { id: 'topics', question: 'Which topics?', options: [{ label: 'Install' }, { label: 'Config' }], multi_select: true }
  const { text } = await run(ask([question, multi]), () => ({
    answers: [{ id: 'lang', selected: ['Python'], custom: 'Rust' }, { id: 'topics', selected: ['Install', 'Config'], custom: 'CI' }],
  }))
  expect(JSON.parse(text)).toEqual({ answers: [{ id: 'lang', selected: [], custom: 'Rust' }, { id: 'topics', selected: ['Install', 'Config'], custom: 'CI' }] })
})

it('fails closed with a readable error when nobody can answer, and the turn goes on', async () => {
  const none = await run(ask())
  expect(none).toMatchObject({ isError: true, code: 'NO_PROVIDER', text: 'Error: no user-questions provider is registered' })
  expect(none.h.ofType('assistant/message').at(-1)!.data.message.content).toEqual([{ type: 'text', text: 'ok' }])
  const unavailable = await run(ask(), () => 'unavailable')
  expect(unavailable).toMatchObject({ isError: true, code: 'QUESTION_UNAVAILABLE' })
  expect(unavailable.text).toMatch(/^Error: no one can answer right now/)
})

it('treats a reply naming an option the question did not offer, or an unknown id, as unavailable', async () => {
  expect((await run(ask(), () => ({ answers: [{ id: 'lang', selected: ['Go'] }] }))).code).toBe('QUESTION_UNAVAILABLE')
  expect((await run(ask(), () => ({ answers: [{ id: 'other', selected: [] }] }))).code).toBe('QUESTION_UNAVAILABLE')
  expect((await run(ask(), () => ({ answers: [{ id: 'lang', selected: ['Python', 'TypeScript (Recommended)'] }] }))).code).toBe('QUESTION_UNAVAILABLE')
  expect((await run(ask(), () => { throw new Error('ui crashed') })).code).toBe('QUESTION_UNAVAILABLE')
})

it('rejects empty and duplicate questions before anyone is asked', async () => {
  let asked = 0
  const answer = () => { asked++; return 'unavailable' as const }
  expect(await run(ask([]), answer)).toMatchObject({ code: 'EMPTY_QUESTIONS', text: 'Error: ask_user_question requires at least one question' })
  expect((await run(ask([question, question]), answer)).code).toBe('BAD_QUESTIONS')
  expect(asked).toBe(0)
})

it('a cancel while the question is pending ends the wait and the turn aborts', async () => {
  const h = await createLoopRuntime(ask(), { userQuestions: { answer: (request) => new Promise(() => { request.signal?.addEventListener('abort', () => undefined) }) } })
  disposers.push(() => h.runtime.dispose())
  h.agent.followup('go')
  await nextEvent(h.agent.session, 'tool/call')
  h.agent.cancel({ kind: 'user' })
  await h.agent.whenIdle()
  expect(h.ofType('turn/end').at(-1)!.data.reason.kind).toBe('aborted')
  expect(h.ofType('tool/result').at(-1)!.data.message.content[0].isError).toBe(true)
})
