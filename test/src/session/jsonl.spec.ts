// JSONL export/import: byte-identical round trip; hostile files refused naming line and reason,
// with nothing created and Object.prototype untouched.
import { describe, expect, it } from 'vitest'
import type { Context } from '@deepseek-ai/cordis'
import type { CallId } from '../../../src/util/brand.ts'
import { appendTurn, assistant, sid, user } from './fixtures.ts'
import { dshSession } from '../../harness/dsh-peer.ts'
import { bootStore } from './store-fixture.ts'
import { Session } from '../../../src/session/session.ts'

/** Whether this store's import knows `type`: a non-ignorable event of it is not refused as unknown. */
async function readsType(root: Context, type: string): Promise<boolean> {
  const text = JSON.stringify({ type: 'session', version: 0, id: `k-${type}`, createdAt: 1, delegationDepth: 0 }) + '\n' + JSON.stringify({ type, seq: 0, time: 1, data: {} }) + '\n'
  const outcome = await root.sessions.import(text).then(() => 'stored', (error: Error) => error.message)
  return !outcome.includes('unknown event type')
}

async function exported(): Promise<{ root: Context; text: string }> {
  const root = await bootStore()
  const s = await root.sessions.create({ id: sid('x'), meta: { cwd: '/w' } })
  appendTurn(s, 1, ['c1'])
  s.append('turn/start', { turn: 2 })
  s.append('step/start', { turn: 2, step: 1 })
  s.append('assistant/chunk', { turn: 2, step: 1, chunk: { type: 'text-delta', index: 0, text: 'é\n"q"' } })
  s.append('assistant/message', { turn: 2, step: 1, message: assistant('é') }, { surfaceOp: 'append', sourceEventSeqs: [10] })
  s.append('step/end', { turn: 2, step: 1 })
  s.append('turn/end', { turn: 2, reason: { kind: 'completed' } })
  s.append('permission/preset', { preset: 'custom' }, { ignorable: true })
  return { root, text: await root.sessions.export(s.id) }
}

describe('export', () => {
  it('writes the header line then one event per line', async () => {
    const { root, text } = await exported()
    const lines = text.split('\n')
    expect(lines.at(-1)).toBe('')
    expect(JSON.parse(lines[0]!)).toEqual({ ...root.sessions.get(sid('x'))!.header })
    expect(lines.slice(1, -1).map(l => JSON.parse(l))).toEqual(root.sessions.get(sid('x'))!.events)
  })

  it('round-trips byte-identically through import (into another store and after delete)', async () => {
    const { root, text } = await exported()
    const other = await bootStore()
    expect(await other.sessions.import(text)).toBe('x')
    expect(await other.sessions.export(sid('x'))).toBe(text)
    await root.sessions.delete(sid('x'))
    await root.sessions.import(text)
    expect(await root.sessions.export(sid('x'))).toBe(text)
    const opened = await other.sessions.open(sid('x'))
    expect(opened.events.at(-1)!.type).toBe('session/end-seed')
    expect(opened.deriveMessages().map(m => m.id)).toEqual(['u-q1', 'a-answer1', 'r-c1', 'a-é'])
  })

  it('an open right after import (which takes over the import\'s checked state) equals a session folded from a copy of the file', async () => {
    const root = await bootStore()
    const s = await root.sessions.create({ id: sid('t') })
    appendTurn(s, 1, ['c1'])
    s.append('turn/start', { turn: 2 })
    s.append('step/start', { turn: 2, step: 1 })
    const node = s.append('user/message', user('long'), { surfaceOp: 'append' })
    s.append('user/message', user('summary'), { surfaceOp: { op: 'replace', start: node.seq, end: node.seq }, sourceEventSeqs: [node.seq] })
    s.append('step/end', { turn: 2, step: 1 })
    s.append('turn/end', { turn: 2, reason: { kind: 'completed' } })
    const text = await root.sessions.export(s.id)
    const other = await bootStore()
    await other.sessions.import(text)
    const opened = await other.sessions.open(sid('t'))
    const folded = new Session({ id: sid('t'), header: opened.header, seed: JSON.parse(`[${text.trim().split('\n').slice(1).join(',')}]`) })
    expect(JSON.stringify(opened.events)).toBe(JSON.stringify(folded.events.map(e => e.type === 'session/end-seed' ? { ...e, time: opened.events.at(-1)!.time } : e)))
    expect(opened.surface).toEqual(folded.surface)
    expect(opened.deriveMessages()).toEqual(folded.deriveMessages())
    expect(opened.deriveMessages().map(m => m.id)).toEqual(['u-q1', 'a-answer1', 'r-c1', 'u-summary'])
    expect([opened.lastTurn, opened.openTurn, opened.lastOfType('user/message')?.seq]).toEqual([2, undefined, node.seq + 1])
    expect(opened.events.every(e => Object.isFrozen(e) && Object.isFrozen(e.data))).toBe(true)
    opened.append('turn/start', { turn: 3 })
    expect((await other.sessions.export(sid('t'))).split('\n').at(-2)).toBe(JSON.stringify(opened.events.at(-1)))
  })

  it('keeps dsh\'s envelope key order (sourceEventSeqs before surfaceOp): a dsh file re-exports byte-identically after resuming', async () => {
    const { text } = await exported()
    const answer = text.split('\n').find(line => line.includes('"a-é"'))!
    expect(answer.slice(answer.indexOf('},"sourceEventSeqs"'))).toBe('},"sourceEventSeqs":[10],"surfaceOp":"append"}')
    const other = await bootStore()
    await other.sessions.import(text)
    const resumed = await other.sessions.open(sid('x'))
    const reexported = await other.sessions.export(sid('x'))
    expect(reexported.slice(0, text.length)).toBe(text)
    expect(reexported.slice(text.length)).toBe(JSON.stringify(resumed.events.at(-1)) + '\n')
  })

  it('refuses an unknown id', async () => {
    const root = await bootStore()
    await expect(root.sessions.export(sid('none'))).rejects.toThrow('session none not found')
  })
})

describe('hostile import', () => {
  const HEADER = '{"type":"session","version":0,"id":"h","createdAt":1,"delegationDepth":0}'
  const ev = (seq: number, type: string, data: unknown, extra = '') => `{"type":"${type}","seq":${seq},"time":1,"data":${JSON.stringify(data)}${extra}}`
  const turn1 = [ev(0, 'turn/start', { turn: 1 }), ev(1, 'turn/end', { turn: 1, reason: { kind: 'completed' } })]
  const file = (...lines: string[]) => lines.join('\n') + '\n'

  it.each([
    ['empty file', '', 1, 'empty file; expected a session header line'],
    ['a lone newline (an empty header line)', '\n', 1, 'invalid JSON'],
    ['a blank line before the final newline', file(HEADER, ...turn1, ''), 4, 'invalid JSON'],
    ['a blank line in the middle', file(HEADER, turn1[0]!, '', turn1[1]!), 3, 'invalid JSON'],
    ['a bad last line without a final newline', `${HEADER}\n${turn1[0]}\n{"type":`, 3, 'invalid JSON'],
    ['bad JSON line', file(HEADER, turn1[0]!, '{"type":'), 3, 'invalid JSON'],
    ['gap in seq', file(HEADER, turn1[0]!, ev(2, 'turn/end', { turn: 1, reason: { kind: 'completed' } })), 3, 'seq gap: found 2; expected seq 1'],
    ['duplicate seq', file(HEADER, ...turn1, ev(1, 'turn/start', { turn: 2 })), 4, 'duplicate or out-of-order seq 1; expected seq 2'],
    ['unbalanced turns', file(HEADER, ...turn1, ev(2, 'turn/start', { turn: 2 })), 4, 'unbalanced turns: turn 2 starts here and never ends'],
    ['overlapping turns', file(HEADER, turn1[0]!, ev(1, 'turn/start', { turn: 2 })), 3, 'seq 1: turn/start: turn 2 starts while turn 1 is open'],
    ['unknown required type', file(HEADER, ev(0, 'future/x', {})), 2, 'unknown event type "future/x" is not marked ignorable'],
    ['__proto__ key', file(HEADER, '{"type":"permission/preset","seq":0,"time":1,"data":{"preset":"a","__proto__":{"polluted":1}}}'), 2, 'permission/preset event.data.__proto__: forbidden key "__proto__"'],
    ['constructor key', file(HEADER, ev(0, 'permission/preset', { preset: 'a', constructor: { prototype: 1 } })), 2, 'permission/preset event.data.constructor: forbidden key "constructor"'],
    ['other format version', file(HEADER.replace('"version":0', '"version":1')), 1, 'unsupported session format version 1 (this build reads 0); not imported'],
    ['secret-looking field', file(HEADER, ev(0, 'permission/preset', { preset: 'a', apiKey: 'sk-123' })), 2, 'permission/preset event.data.apiKey: secret-looking key "apiKey" is refused'],
    ['authorization field in header', file(HEADER.replace('}', ',"authorization":"x"}')), 1, 'session header.authorization: secret-looking key "authorization" is refused'],
    ['unknown envelope key', file(HEADER, ev(0, 'turn/start', { turn: 1 }, ',"extra":1')), 2, 'unknown event key(s) extra'],
    ['header not first', file(turn1[0]!), 1, 'the first line must be the session header'],
    ['bad message shape', file(HEADER, `{"type":"user/message","seq":0,"time":1,"data":${JSON.stringify({ ...user('x'), role: 'system' })},"surfaceOp":"append"}`), 2, 'user/message: data.role must be "user", got "system"'],
    ['tool result without call', file(HEADER, ev(0, 'turn/start', { turn: 1 }), ev(1, 'step/start', { turn: 1, step: 1 }),
      `{"type":"tool/result","seq":2,"time":1,"data":{"turn":1,"step":1,"message":{"id":"r","role":"user","content":[{"type":"tool-result","toolCallId":"c","content":[]}],"source":{"kind":"tool","callId":"c"}}},"surfaceOp":"append"}`),
    4, 'seq 2: tool/result: answers call c with no prior tool/call in turn 1 step 1'],
  ])('%s', async (_, text, line, reason) => {
    const root = await bootStore()
    const error = await root.sessions.import(text).then(() => undefined, (e: unknown) => e)
    expect(error).toMatchObject({ name: 'SessionImportError', line })
    expect((error as Error).message).toContain(`line ${line}: ${reason}`)
    expect(await root.sessions.list()).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses any file at its header line while Object.prototype carries an enumerable key (event lines are then never read)', async () => {
    const root = await bootStore()
    Object.defineProperty(Object.prototype, 'polluted', { value: 1, enumerable: true, configurable: true, writable: true })
    let error: unknown
    try {
      error = await root.sessions.import(file(HEADER, ...turn1)).then(() => undefined, (e: unknown) => e)
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
    expect(error).toMatchObject({ name: 'SessionImportError', line: 1 })
    expect((error as Error).message).toBe('line 1: session header: inherited enumerable key "polluted" is not JSON')
    expect(await root.sessions.list()).toEqual([])
  })

  it('reads a file with or without its final newline, and CRLF line ends, to the same log', async () => {
    const logs = []
    for (const text of [file(HEADER, ...turn1), `${HEADER}\n${turn1.join('\n')}`, `${HEADER}\r\n${turn1.join('\r\n')}\r\n`]) {
      const root = await bootStore()
      const id = await root.sessions.import(text)
      logs.push((await root.sessions.read(id))!.events.map(e => [e.seq, e.type]))
    }
    expect(logs).toEqual([[[0, 'turn/start'], [1, 'turn/end']], [[0, 'turn/start'], [1, 'turn/end']], [[0, 'turn/start'], [1, 'turn/end']]])
  })

  it('refuses an over-long line before parsing it', async () => {
    const root = await bootStore({ maxEventBytes: 200 })
    const text = file(HEADER, ev(0, 'permission/preset', { preset: 'x'.repeat(300) }))
    await expect(root.sessions.import(text)).rejects.toThrow(/^line 2: line is \d+ characters; the limit is 200$/)
    expect(await root.sessions.list()).toEqual([])
  })

  it('refuses an id that already exists', async () => {
    const root = await bootStore()
    await root.sessions.create({ id: sid('h') })
    await expect(root.sessions.import(file(HEADER, ...turn1))).rejects.toThrow('line 1: session h already exists')
  })

  it('skips nothing: ignorable unknown types are stored verbatim', async () => {
    const root = await bootStore()
    const text = file(HEADER, ev(0, 'future/x', { a: 1 }, ',"ignorable":true'), ev(1, 'turn/start', { turn: 1 }), ev(2, 'turn/end', { turn: 1, reason: { kind: 'completed' } }))
    await root.sessions.import(text)
    expect(await root.sessions.export(sid('h'))).toBe(text)
  })

  it('imports the log-only types of dsh\'s standard plugins (session/title, …) as known, resumes and re-exports them verbatim', async () => {
    const root = await bootStore()
    const title = ev(2, 'session/title', { title: 'Greeting', messageSeqs: [1], source: { kind: 'provider', provider: 'deepseek' } })
    const text = file(HEADER, ev(0, 'turn/start', { turn: 1 }), `{"type":"user/message","seq":1,"time":1,"data":${JSON.stringify(user('hi'))},"surfaceOp":"append"}`,
      title, ev(3, 'turn/end', { turn: 1, reason: { kind: 'completed' } }), ev(4, 'plan/mode', { mode: 'plan' }))
    expect(await root.sessions.import(text)).toBe('h')
    const opened = await root.sessions.open(sid('h'))
    expect(opened.events.map(e => e.type)).toEqual(['turn/start', 'user/message', 'session/title', 'turn/end', 'plan/mode', 'session/end-seed'])
    expect((await root.sessions.export(sid('h'))).startsWith(text)).toBe(true)
    const { KNOWN_SESSION_EVENT_TYPES } = await dshSession()
    const ours = await bootStore()
    const known = await Promise.all([...KNOWN_SESSION_EVENT_TYPES].map(async type => [type, await readsType(ours, type)] as const))
    expect(known.filter(([, reads]) => !reads).map(([type]) => type)).toEqual([])
    expect(await readsType(ours, 'future/x')).toBe(false)
  })

  it('accepts a tool call pair across the file', async () => {
    const root = await bootStore()
    const s = await root.sessions.create({ id: sid('t') })
    appendTurn(s, 1, ['c1' as CallId])
    const text = await root.sessions.export(s.id)
    await root.sessions.delete(s.id)
    expect(await root.sessions.import(text)).toBe('t')
  })
})
