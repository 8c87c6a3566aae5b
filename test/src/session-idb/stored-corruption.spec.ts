// Stored events are adopted on open (validated and frozen in place, not copied): a row that still
// parses but holds an event breaking the log rules is refused with the same named error a copying
// Session gives for those events, and nothing is written.
import { describe, expect, it } from 'vitest'
import { SessionSeedError } from '../../../src/session/errors.ts'
import { Session } from '../../../src/session/session.ts'
import type { CallId, SessionId } from '../../../src/util/brand.ts'
import { assistant, toolResult, user } from '../session/fixtures.ts'
import { boot, freshFactory, laterClock, ManualClock, withDb } from './harness.ts'

const id = 'stored' as SessionId

/** One completed turn, durable in one row: turn/start, step/start, user, assistant, call, result, step/end, turn/end. */
async function storeTurn(factory: IDBFactory): Promise<void> {
  const a = await boot(factory, { clock: new ManualClock() })
  const session = await a.root.sessions.create({ id })
  session.append('turn/start', { turn: 1 })
  session.append('step/start', { turn: 1, step: 1 })
  session.append('user/message', user('go'), { surfaceOp: 'append' })
  session.append('assistant/message', { turn: 1, step: 1, message: assistant('', ['c1']) }, { surfaceOp: 'append' })
  const call = session.append('tool/call', { turn: 1, step: 1, callId: 'c1' as CallId, name: 'read', arguments: '{}' })
  session.append('tool/result', { turn: 1, step: 1, message: toolResult('c1', 'ok') }, { surfaceOp: 'append', sourceEventSeqs: [call.seq] })
  session.append('step/end', { turn: 1, step: 1 })
  session.append('turn/end', { turn: 1, reason: { kind: 'completed' } })
  await a.root.sessions.flush()
}

/** Rewrites the body text of every stored row of the session. */
async function editBodies(factory: IDBFactory, edit: (body: string) => string): Promise<void> {
  const changed = await withDb(factory, async (db) => {
    let count = 0
    for (const row of await db.getAll('events', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))) {
      const body = edit(row.body)
      if (body === row.body) continue
      await db.put('events', { ...row, body })
      count++
    }
    return count
  })
  expect(changed).toBe(1)
}

/** What a Session that copies its seed says about these events. */
function copyingVerdict(header: Session['header'], events: Session['events']): SessionSeedError {
  try {
    void new Session({ id, header, seed: events })
  } catch (error) {
    return error as SessionSeedError
  }
  throw new Error('the copying Session accepted the damaged events')
}

describe('opening a stored session whose rows parse but whose events are damaged', () => {
  it.each([
    ['a secret-looking key', (body: string) => body.replace('"callId":"c1","name":"read"', '"callId":"c1","apiKey":"read"'), 'seed[4] tool/call data.apiKey: secret-looking key "apiKey" is refused (credentials never enter the log)'],
    ['a -0', (body: string) => body.replace('"data":{"turn":1}', '"data":{"turn":-0}'), 'seed[0] turn/start data.turn: -0 is not lossless JSON'],
    ['an Infinity (1e999)', (body: string) => body.replace('"data":{"turn":1}', '"data":{"turn":1e999}'), 'seed[0] turn/start data.turn: Infinity is not JSON'],
    ['nesting beyond the limit', (body: string) => body.replace('"data":{"turn":1}', `"data":{"turn":1,"deep":${'['.repeat(1005)}${']'.repeat(1005)}}`), /^seed\[0\] turn\/start data\.deep(\[0\]){7}…: nesting too deep \(limit 1000\)$/],
    ['a __proto__ key', (body: string) => body.replace('"data":{"turn":1}', '"data":{"turn":1,"__proto__":{}}'), 'seed[0] turn/start data.__proto__: forbidden key "__proto__"'],
    ['a broken message shape', (body: string) => body.replace('"role":"user","content":[{"type":"text"', '"role":"assistant","content":[{"type":"text"'), 'seed[2] user/message: data.role must be "user", got "assistant"'],
    ['a surface op on a non-surface event', (body: string) => body.replace('"data":{"turn":1,"step":1}}', '"data":{"turn":1,"step":1},"surfaceOp":"append"}'), 'seed[1] step/start: surfaceOp and sourceEventSeqs are only allowed on surface types (user/message, assistant/message, tool/result)'],
  ])('refuses %s with the named seed error, writing nothing', async (_what, edit, message) => {
    const factory = freshFactory()
    await storeTurn(factory)
    await editBodies(factory, edit)
    const before = await withDb(factory, (db) => db.getAll('events'))
    const b = await boot(factory, { clock: laterClock() })
    const error = await b.root.sessions.open(id).then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(SessionSeedError)
    expect(error).toMatchObject({ code: 'INVALID_SEED_EVENT', message })
    const inspected = (await b.backend.inspect(id))!
    expect(copyingVerdict(inspected.header, inspected.events)).toMatchObject({ name: 'SessionSeedError', code: 'INVALID_SEED_EVENT', message })
    expect(b.root.sessions.get(id)).toBeUndefined()
    expect(await withDb(factory, (db) => db.getAll('events'))).toEqual(before)
  })

  it('opens an intact stored session to deep-frozen events equal to what was appended', async () => {
    const factory = freshFactory()
    await storeTurn(factory)
    const b = await boot(factory, { clock: laterClock() })
    const session = await b.root.sessions.open(id)
    expect(session.events.map((event) => event.type).at(-1)).toBe('session/end-seed')
    const frozen = (value: unknown): boolean => typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(frozen))
    expect(session.events.every(frozen)).toBe(true)
    expect(session.deriveMessages().map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })
})
