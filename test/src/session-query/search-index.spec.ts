// Search across stored sessions (issue 18.2): the index over real sessions of a real runtime —
// incremental by seq (only new events are read), a deleted session loses its documents, a
// persisted index (fake-indexeddb) is reused, and a corrupt, stale or mismatched one is rebuilt,
// never trusted; results are bounded, one per session, with marked snippets.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../src/index.ts'
import { idbIndexStore, memoryIndexStore } from '../../../src/session-query/index-store.ts'
import { SessionIndex, INDEX_FORMAT, type SessionSource } from '../../../src/session-query/search-index.ts'
import type { IndexStore } from '../../../src/session-query/types.ts'
import type { SessionId } from '../../../src/util/brand.ts'

const runtimes: Runtime[] = []
afterEach(async () => { for (const r of runtimes.splice(0)) await r.dispose() })

async function runtimeWith(conversations: [string, string][]) {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies: conversations.map(([, reply]) => ({ text: reply })) } })
  runtimes.push(runtime)
  const ids: SessionId[] = []
  for (const [question] of conversations) {
    const agent = await runtime.open()
    agent.followup(question)
    await agent.whenIdle()
    ids.push(agent.session.id)
  }
  return { runtime, ids }
}

/** The runtime's sessions as the index reads them, counting reads. */
function countingSource(runtime: Runtime) {
  const reads: string[] = []
  const source: SessionSource = {
    list: () => runtime.sessions.list(),
    read: (id) => { reads.push(id); return runtime.sessions.read(id) },
    liveLength: (id) => runtime.sessions.get(id)?.events.length,
  }
  return { source, reads }
}

describe('session search index', () => {
  it('finds user, assistant and tool text, one hit per session with a marked snippet', async () => {
    const { runtime, ids } = await runtimeWith([['how do I configure the zeppelin cache?', 'Set cacheDir in the config.'], ['unrelated question', 'an answer about zeppelins and hangars']])
    const result = await runtime.sessions.search('zeppelin')
    expect(result.hits.map((h) => h.sessionId).sort()).toEqual([...ids].sort())
    const first = result.hits.find((h) => h.sessionId === ids[0])!
    expect(first.type).toBe('user/message')
    expect(first.seq).toBe(runtime.sessions.get(ids[0]!)!.events.find((e) => e.type === 'user/message')!.seq)
    const { text, marks } = first.snippet
    expect(marks.length).toBeGreaterThan(0)
    expect(marks.map(([s, e]) => text.slice(s, e).toLowerCase())).toContain('zeppelin')
    expect((await runtime.sessions.search('hangars')).hits).toEqual([expect.objectContaining({ sessionId: ids[1], type: 'assistant/message' })])
    expect((await runtime.sessions.search('nothing-like-this')).hits).toEqual([])
    expect(result.indexed.sessions).toBe(2)
  })

  it('indexes what a tool returned', async () => {
    const runtime = await createRuntime({ approval: { policy: 'never' }, llm: { provider: 'scripted', replies: [{ toolCalls: [{ name: 'bash', arguments: JSON.stringify({ command: 'echo quasar-$((6*7))', description: 'print' }) }] }, { text: 'done' }] } })
    runtimes.push(runtime)
    const agent = await runtime.open()
    agent.followup('run it')
    await agent.whenIdle()
    const hits = (await runtime.sessions.search('quasar')).hits
    expect(hits).toEqual([expect.objectContaining({ sessionId: agent.session.id, type: 'tool/result' })])
    expect(hits[0]!.snippet.text).toContain('quasar-42')
  })

  it('updates incrementally: a grown session is read again from its last indexed seq, an unchanged one is not read', async () => {
    const { runtime, ids } = await runtimeWith([['first alpha', 'reply one'], ['second beta', 'reply two']])
    const { source, reads } = countingSource(runtime)
    const index = new SessionIndex({ store: memoryIndexStore(), source })
    expect((await index.search('alpha')).hits).toHaveLength(1)
    expect(reads.sort()).toEqual([...ids].sort())
    reads.length = 0
    await index.search('beta')
    expect(reads).toEqual([])
    runtime.sessions.get(ids[1]!)!.append('user/message', { id: 'm-gamma' as never, role: 'user', content: [{ type: 'text', text: 'later gamma words' }], source: { kind: 'user' } }, { surfaceOp: 'append' })
    const grown = await index.search('gamma')
    expect(reads).toEqual([ids[1]])
    expect(grown.hits).toEqual([expect.objectContaining({ sessionId: ids[1], type: 'user/message' })])
  })

  it('a deleted session loses its documents', async () => {
    const { runtime, ids } = await runtimeWith([['delta in one', 'ok'], ['delta in two', 'ok']])
    expect((await runtime.sessions.search('delta')).hits).toHaveLength(2)
    await runtime.sessions.delete(ids[0]!)
    const after = await runtime.sessions.search('delta')
    expect(after.hits.map((h) => h.sessionId)).toEqual([ids[1]])
    expect(after.indexed).toEqual({ sessions: 1, events: 2 })
  })

  it('bounded: limit caps the hits and says so; a bad limit or query is a named error', async () => {
    const { runtime } = await runtimeWith([['omega 1', 'a'], ['omega 2', 'b'], ['omega 3', 'c']])
    const two = await runtime.sessions.search('omega', { limit: 2 })
    expect(two.hits).toHaveLength(2)
    expect(two.capped).toBe(true)
    expect((await runtime.sessions.search('omega', { limit: 3 })).capped).toBe(false)
    await expect(runtime.sessions.search('omega', { limit: 0 })).rejects.toMatchObject({ name: 'SessionSearchError', code: 'SESSION_SEARCH_INVALID_LIMIT' })
    await expect(runtime.sessions.search('omega', { limit: 101 })).rejects.toMatchObject({ code: 'SESSION_SEARCH_INVALID_LIMIT' })
    await expect(runtime.sessions.search(42 as never)).rejects.toMatchObject({ code: 'SESSION_SEARCH_INVALID_QUERY' })
    expect((await runtime.sessions.search('   ')).hits).toEqual([])
  })

  it('persists in IndexedDB and reuses the stored index: nothing is read again', async () => {
    const { runtime } = await runtimeWith([['persisted kappa', 'ok']])
    const store = idbIndexStore()
    await store.clear()
    const first = new SessionIndex({ store, source: countingSource(runtime).source })
    await first.search('kappa')
    await first.flush()
    const stored = await store.load()
    expect(stored?.format).toBe(INDEX_FORMAT)
    const { source, reads } = countingSource(runtime)
    const second = new SessionIndex({ store, source })
    expect((await second.search('kappa')).hits).toHaveLength(1)
    expect(second.lastLoad).toBe('loaded')
    expect(reads).toEqual([])
  })

  it.each([
    ['corrupt', (s: { format: number; json: string; sessions: object }) => ({ ...s, json: '{"not": "an index"' })],
    ['format', (s: { format: number; json: string; sessions: object }) => ({ ...s, format: INDEX_FORMAT + 1 })],
    ['mismatch', (s: { format: number; json: string; sessions: object }) => ({ ...s, sessions: {} })],
  ] as const)('a %s stored index is rebuilt from the sessions, not trusted', async (kind, damage) => {
    const { runtime, ids } = await runtimeWith([['rebuild lambda', 'ok']])
    const memory = memoryIndexStore()
    const first = new SessionIndex({ store: memory, source: countingSource(runtime).source })
    await first.search('lambda')
    await first.flush()
    const damaged: IndexStore = { ...memory, load: async () => damage((await memory.load())! as never) as never }
    const { source, reads } = countingSource(runtime)
    const rebuilt = new SessionIndex({ store: damaged, source })
    expect((await rebuilt.search('lambda')).hits).toEqual([expect.objectContaining({ sessionId: ids[0] })])
    expect(rebuilt.lastLoad).toBe(kind)
    expect(reads).toEqual([ids[0]])
  })

  it('a session replaced by a shorter log (deleted, imported again) is indexed anew', async () => {
    const { runtime, ids } = await runtimeWith([['original mu text', 'ok'], ['replacement nu text', 'ok']])
    const longer = await runtime.open(ids[0])
    longer.followup('more original words')
    await longer.whenIdle()
    const index = new SessionIndex({ store: memoryIndexStore(), source: countingSource(runtime).source })
    expect((await index.search('original')).hits).toHaveLength(1)
    const shorter = (await runtime.sessions.export(ids[1]!)).replaceAll(ids[1]!, ids[0]!)
    await runtime.sessions.delete(ids[0]!)
    await runtime.sessions.delete(ids[1]!)
    await runtime.sessions.import(shorter)
    expect((await index.search('nu')).hits).toEqual([expect.objectContaining({ sessionId: ids[0] })])
    expect((await index.search('original')).hits).toEqual([])
  })
})
