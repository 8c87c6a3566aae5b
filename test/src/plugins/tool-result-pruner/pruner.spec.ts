// The model-free pruning pass: dsh's head 4096 + marker + tail 1024 of results over 8192 code
// points, as `compaction/prune` + a one-node `tool/result` replace whose original stays in the log;
// "Trim tool results" between turns (its own turn) and the pass compaction runs before a summary.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import type { ScriptedReply } from '../../../../src/llm-scripted/types.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'
import { PRUNE_DEFAULTS, PRUNE_MARKER, resolvePruneConfig } from '../../../../src/plugins/tool-result-pruner/index.ts'
import { pruneContent } from '../../../../src/plugins/tool-result-pruner/prune.ts'

const runtimes: Runtime[] = []
afterEach(async () => { await Promise.all(runtimes.splice(0).map((r) => r.dispose())) })

const lines = (n: number) => Array.from({ length: n }, (_, i) => `row ${i + 1}`).join('\n') + '\n'
const readCall = (id: string, path: string): ScriptedReply => ({ toolCalls: [{ id, name: 'read', arguments: { file_path: path, limit: 5000 } }] })
const resultText = (event: SessionEvent<'tool/result'>) => (event.data.message.content[0].content[0] as { text: string }).text

async function sessionWithBigResult(extra: Parameters<typeof createRuntime>[0] = {}) {
  const runtime = await createRuntime({
    llm: { provider: 'scripted', replies: [readCall('r1', 'big.txt'), { text: 'read it' }] },
    workspace: { provider: 'memory', files: { 'big.txt': lines(3000), 'small.txt': 'tiny\n' } },
    ...extra,
  })
  runtimes.push(runtime)
  const agent = await runtime.open()
  agent.followup('read big.txt')
  await agent.whenIdle()
  return { runtime, agent }
}

describe('pruneContent', () => {
  it('keeps dsh’s head + marker + tail by code point, and leaves a result within the threshold alone', () => {
    const text = '😀'.repeat(10_000)
    const pruned = pruneContent([{ type: 'text', text }], PRUNE_DEFAULTS)!
    const out = (pruned[0] as { text: string }).text
    expect(out).toBe('😀'.repeat(4096) + PRUNE_MARKER + '😀'.repeat(1024))
    expect(pruneContent([{ type: 'text', text: 'x'.repeat(8192) }], PRUNE_DEFAULTS)).toBeNull()
  })

  it('puts one marker across text blocks and keeps other blocks in order', () => {
    const image = { type: 'image' as const, attachment: { mediaType: 'image/png', data: 'AA' } }
    const config = resolvePruneConfig({ thresholdChars: 100, headChars: 10, tailChars: 10 })
    const pruned = pruneContent([{ type: 'text', text: 'a'.repeat(60) }, image, { type: 'text', text: 'b'.repeat(60) }], config)!
    expect(pruned).toEqual([{ type: 'text', text: 'a'.repeat(10) + PRUNE_MARKER }, image, { type: 'text', text: 'b'.repeat(10) }])
  })

  it('refuses budgets whose head + marker + tail exceed the threshold', () => {
    expect(() => resolvePruneConfig({ thresholdChars: 50, headChars: 20, tailChars: 20 })).toThrow(/must be at most thresholdChars/)
    expect(() => resolvePruneConfig({ headChars: -1 })).toThrow(/non-negative integer/)
  })
})

describe('Trim tool results (trimNow)', () => {
  it('replaces an over-budget result on the surface via surfaceOp replace, in a turn of its own, keeping the original', async () => {
    const { runtime, agent } = await sessionWithBigResult()
    const session = agent.session
    const original = session.events.find((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')!
    const before = session.events.length
    const outcome = await runtime.ctx.toolResultPruner.trimNow(agent)
    expect(outcome.pruned).toHaveLength(1)
    const added = session.events.slice(before)
    expect(added.map((e) => e.type)).toEqual(['turn/start', 'compaction/prune', 'tool/result', 'turn/end'])
    const [start, prune, replacement, end] = added as [SessionEvent<'turn/start'>, SessionEvent<'compaction/prune'>, SessionEvent<'tool/result'>, SessionEvent<'turn/end'>]
    expect(start.data.turn).toBe(2)
    expect(end.data).toEqual({ turn: 2, reason: { kind: 'completed' } })
    expect(prune.data).toMatchObject({ shadowedRange: { start: original.seq, end: original.seq }, shadowedSeqs: [original.seq] })
    expect(prune.data.shadowedTokenCount).toBeGreaterThan(0)
    expect(replacement.surfaceOp).toEqual({ op: 'replace', start: original.seq, end: original.seq })
    expect(replacement.sourceEventSeqs).toEqual([original.seq])
    expect(resultText(replacement)).toContain(PRUNE_MARKER)
    expect([...resultText(replacement)].length).toBe(4096 + [...PRUNE_MARKER].length + 1024)
    // the original is still in the log, whole; the model now sees the pruned one
    expect(session.events[original.seq]).toBe(original)
    expect(resultText(original)).toContain('3000: row 3000')
    const sent = JSON.stringify(session.deriveMessages())
    expect(sent).toContain('[... tool result middle pruned ...]')
    expect(sent).not.toContain('2000: row 2000')
    // a second trim finds nothing and logs nothing
    const after = session.events.length
    expect((await runtime.ctx.toolResultPruner.trimNow(agent)).pruned).toHaveLength(0)
    expect(session.events.length).toBe(after)
  })

  it('the next turn after a trim still works (the log stays valid)', async () => {
    const { runtime, agent } = await sessionWithBigResult()
    await runtime.ctx.toolResultPruner.trimNow(agent)
    const { scriptedAdapter } = await import('../../../../src/llm-scripted/index.ts')
    scriptedAdapter(runtime.ctx).enqueue({ text: 'still here' })
    agent.followup('and now?')
    await agent.whenIdle()
    const last = agent.session.events.filter((e) => e.type === 'turn/end').at(-1) as SessionEvent<'turn/end'>
    expect(last.data).toEqual({ turn: 3, reason: { kind: 'completed' } })
  })
})

describe('pruning before a summarizing compaction', () => {
  it('pressure prunes the big result first and, back under the threshold, needs no summary', async () => {
    const runtime = await createRuntime({
      llm: { provider: 'scripted', replies: [readCall('r1', 'big.txt'), { text: 'read it' }, { text: 'answer' }], contextWindow: 16_000 },
      workspace: { provider: 'memory', files: { 'big.txt': lines(3000) } },
      compaction: { thresholdRatio: 0.5 },
    })
    runtimes.push(runtime)
    const agent = await runtime.open()
    agent.followup('read big.txt')
    await agent.whenIdle()
    const types = agent.session.events.map((e) => e.type)
    expect(types).toContain('compaction/prune')
    expect(types).not.toContain('compaction/summary')
    const replacement = agent.session.events.findLast((e): e is SessionEvent<'tool/result'> => e.type === 'tool/result')!
    expect(replacement.surfaceOp).toMatchObject({ op: 'replace' })
  })
})
