// dsh's `session_search` for the model (issue 18.2): its schema, dsh's text layout, never the
// caller's own session, only the caller's workspace (same header cwd), bounded by
// maxSearchResults with dsh's cap line, and an empty query is INVALID_ARGS — all through a real
// runtime whose scripted model calls the tool.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../src/session/types.ts'

const runtimes: Runtime[] = []
afterEach(async () => { for (const r of runtimes.splice(0)) await r.dispose() })

const search = (args: Record<string, unknown>): ScriptedReply => ({ toolCalls: [{ name: 'session_search', arguments: JSON.stringify(args) }] })

async function setup(replies: ScriptedReply[], maxSearchResults?: number) {
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies },
    ...(maxSearchResults ? { patches: [{ id: 'tool-session-query', config: { maxSearchResults } }] } : {}),
  })
  runtimes.push(runtime)
  return runtime
}

async function converse(runtime: Runtime, text: string) {
  const agent = await runtime.open()
  agent.followup(text)
  await agent.whenIdle()
  return agent
}

const resultOf = (events: readonly SessionEvent[]) => {
  const event = events.find((e) => e.type === 'tool/result') as SessionEvent<'tool/result'> | undefined
  const block = event!.data.message.content[0].content[0]
  return { text: block?.type === 'text' ? block.text : '', error: event!.data.error }
}

describe('session_search', () => {
  it('offers dsh\'s schema (query required, no model-controlled limit) and prompt guidance', async () => {
    const runtime = await setup([])
    const tool = runtime.ctx.tools.get('session_search')!
    expect(tool.parameters).toMatchObject({ required: ['query'], properties: { query: { type: 'string' }, session_ids: { type: 'array' }, created_at_from: { type: 'string' }, created_at_to: { type: 'string' } } })
    expect(Object.keys((tool.parameters as { properties: object }).properties)).not.toContain('limit')
  })

  it('finds prior sessions in dsh\'s layout and never the caller\'s own', async () => {
    const runtime = await setup([{ text: 'Use the borealis flag.' }, search({ query: 'borealis' }), { text: 'found it' }])
    const prior = await converse(runtime, 'which borealis option?')
    const caller = await converse(runtime, 'search borealis please')
    const { text } = resultOf(caller.session.events)
    expect(text).toMatch(new RegExp(`^Session search results \\(1\\):\\n\\n1\\. Session ${prior.session.id} — `))
    expect(text).toMatch(/Best match: seq \d+ \| (user|assistant)\/message \| \d{4}-\d\d-\d\dT/)
    expect(text).toMatch(/Snippet: .*borealis/i)
    expect(text).not.toContain(caller.session.id)
  })

  it('only the caller\'s workspace: a session imported with another cwd is not found', async () => {
    const runtime = await setup([{ text: 'ok' }, search({ query: 'nebula' }), { text: 'done' }])
    const prior = await converse(runtime, 'nebula here')
    const elsewhere = (await runtime.sessions.export(prior.session.id)).replace('"type":"session",', '"type":"session","cwd":"/home/else/project",').replaceAll(prior.session.id, 'other-workspace-session')
    await runtime.sessions.import(elsewhere)
    expect((await runtime.sessions.search('nebula')).hits).toHaveLength(2) // the page sees both
    const caller = await converse(runtime, 'look for nebula')
    const { text } = resultOf(caller.session.events)
    expect(text).toContain(`Session ${prior.session.id}`)
    expect(text).not.toContain('other-workspace-session')
  })

  it('bounded by maxSearchResults, with dsh\'s cap line', async () => {
    const runtime = await setup([{ text: 'a' }, { text: 'b' }, { text: 'c' }, search({ query: 'pulsar' }), { text: 'done' }], 2)
    for (const n of [1, 2, 3]) await converse(runtime, `pulsar number ${n}`)
    const caller = await converse(runtime, 'find pulsar')
    const { text } = resultOf(caller.session.events)
    expect(text.startsWith('Session search results (2):')).toBe(true)
    expect(text.endsWith('Result cap reached. Narrow the query or add filters to find additional matches.')).toBe(true)
  })

  it('no match, an empty query and a time filter without a zone', async () => {
    const runtime = await setup([search({ query: 'zzzunknown' }), search({ query: '   ' }), search({ query: 'x', created_at_from: '2026-01-01T00:00:00' }), { text: 'done' }])
    const caller = await converse(runtime, 'go')
    const results = caller.session.events.filter((e) => e.type === 'tool/result') as SessionEvent<'tool/result'>[]
    const texts = results.map((e) => { const b = e.data.message.content[0].content[0]; return b?.type === 'text' ? b.text : '' })
    expect(texts[0]).toBe('No prior session matches found.')
    expect(results[1]!.data.error?.code).toBe('INVALID_ARGS')
    expect(texts[1]).toContain('query must not be empty')
    expect(results[2]!.data.error?.code).toBe('INVALID_ARGS')
    expect(texts[2]).toContain('created_at_from must be an ISO 8601 time with Z or an offset')
  })
})
