// One compaction transaction: the log keeps every event, the surface swaps the span for a summary,
// and failures leave the surface untouched with an error recorded in compaction/end.
import { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import LlmRuntime from '../../../../src/llm/index.ts'
import * as scripted from '../../../../src/llm-scripted/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import { compact, openCompaction } from '../../../../src/plugins/compaction/compact.ts'
import { CompactionError } from '../../../../src/plugins/compaction/errors.ts'
import type { Session } from '../../../../src/session/session.ts'
import { appendTurn, newSession } from '../../session/fixtures.ts'

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

async function setup(replies: ScriptedReply[], turns = 4): Promise<{ ctx: Context; session: Session }> {
  root = new Context()
  await root.plugin(LlmRuntime)
  await root.plugin(scripted, { replies })
  const session = newSession()
  session.append('turn/start', { turn: 1 })
  session.append('request/header', { header: { config: { provider: 'scripted', model: 'scripted-model' }, system: 'You help.' }, reason: 'initial' })
  session.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
  for (let turn = 2; turn <= turns + 1; turn += 1) appendTurn(session, turn, turn === 3 ? ['c1'] : [])
  return { ctx: root, session }
}

const longSummary = (n: number) => 'x'.repeat(n)
const run = (ctx: Context, session: Session, retain = 10, attempts = 1) =>
  compact({ ctx, session, turn: null, retain, attempts, maxTokens: 8192, signal: new AbortController().signal })

describe('compact', () => {
  it('replaces the oldest span with a summary checkpoint and keeps every original event', async () => {
    const { ctx, session } = await setup([{ text: 'short summary' }])
    const before = session.events.length
    const nodesBefore = [...session.surface.nodes]
    const messagesBefore = session.deriveMessages().length
    const outcome = await run(ctx, session)
    const types = session.events.slice(before).map((e) => e.type)
    expect(types).toEqual(['compaction/start', 'compaction/summary', 'user/message', 'compaction/end'])
    const checkpoint = session.events.at(-2)!
    expect(checkpoint.type).toBe('user/message')
    const shadowed = nodesBefore.slice(0, outcome.shadowedCount)
    expect(checkpoint).toMatchObject({
      surfaceOp: { op: 'replace', start: shadowed[0], end: shadowed.at(-1) },
      sourceEventSeqs: [before, before + 1, ...shadowed],
    })
    expect(JSON.stringify(checkpoint.data)).toContain('<compacted-summary>\\nshort summary\\n</compacted-summary>')
    expect(session.deriveMessages().length).toBe(messagesBefore - outcome.shadowedCount + 1)
    expect(session.surface.nodes[0]).toBe(checkpoint.seq)
    // originals remain in the log, untouched
    for (const seq of shadowed) expect(session.events[seq]!.seq).toBe(seq)
    const request = scripted.scriptedAdapter(ctx).requests[0]!
    expect(request.purpose).toBe('compaction')
    expect(request.system).toBe('You help.')
    expect(openCompaction(session.events)).toBeUndefined()
  })

  it('refuses a summary that is not smaller than what it replaces, surface unchanged', async () => {
    const { ctx, session } = await setup([{ text: longSummary(100_000) }])
    const nodes = [...session.surface.nodes]
    const error = await run(ctx, session).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CompactionError)
    expect((error as CompactionError).kind).toBe('summary')
    expect(session.surface.nodes).toEqual(nodes)
    const end = session.events.at(-1)!
    expect(end.type).toBe('compaction/end')
    expect((end.data as { error?: string }).error).toMatch(/^summary: summary \(\d+ tokens\) is not smaller/)
  })

  it('retries a failed summary request, then succeeds', async () => {
    const { ctx, session } = await setup([{ error: { status: 503, message: 'busy' } }, { text: 'ok summary' }])
    await run(ctx, session, 10, 2)
    expect(session.events.filter((e) => e.type === 'compaction/summary')).toHaveLength(1)
  })

  it('reports an empty summary as a summary error', async () => {
    const { ctx, session } = await setup([{ text: '' }])
    await expect(run(ctx, session)).rejects.toMatchObject({ kind: 'summary', message: expect.stringContaining('returned no text') })
  })

  it('is busy while another compaction of the live log is open, but not for one before the seed end', async () => {
    const { ctx, session } = await setup([{ text: 'a' }])
    session.append('compaction/start', { compactionId: 'stuck', turn: null })
    await expect(run(ctx, session)).rejects.toThrow('compaction stuck is still running')
    expect(openCompaction([...session.events, { type: 'session/end-seed', seq: session.events.length, time: 0, data: {} }])).toBeUndefined()
  })

  it('says there is nothing to compact before any request was made', async () => {
    root = new Context()
    await root.plugin(LlmRuntime)
    const session = newSession()
    appendTurn(session, 1)
    await expect(run(root, session)).rejects.toMatchObject({ kind: 'nothing' })
  })
})
