// The protocol validators accept exactly the declared command and notice shapes and name the bad field.
import { describe, expect, it } from 'vitest'
import { ProtocolError, validateCommand, validateNotice } from '../../../src/protocol/validate.ts'

describe('validateCommand', () => {
  it('accepts a well-formed command and returns it', () => {
    const cmd = { kind: 'agent.prompt', sessionId: 's-1', text: 'hi' }
    expect(validateCommand(cmd)).toBe(cmd)
  })

  it('accepts session.search with a query and an optional limit', () => {
    for (const cmd of [{ kind: 'session.search', query: 'zeppelin' }, { kind: 'session.search', query: '', limit: 100 }]) expect(validateCommand(cmd)).toBe(cmd)
  })

  it('accepts host.configure with scripted settings', () => {
    const cmd = { kind: 'host.configure', settings: { provider: 'scripted', replies: [{ text: 'x' }], permissions: 'ask', storage: 'memory' } }
    expect(validateCommand(cmd)).toBe(cmd)
  })

  it.each([
    [null, 'command must be an object'],
    [{ kind: 'agent.explode' }, 'unknown command kind "agent.explode"'],
    [{ kind: 'agent.prompt', sessionId: 's', text: 5 }, 'command agent.prompt: invalid or unexpected field "text"'],
    [{ kind: 'agent.prompt', sessionId: '../x y', text: 'a' }, 'invalid or unexpected field "sessionId"'],
    [{ kind: 'agent.prompt', sessionId: 's', text: 'a', extra: 1 }, 'invalid or unexpected field "extra"'],
    [{ kind: 'approval.answer', id: 'a1', outcome: 'unavailable' }, 'invalid or unexpected field "outcome"'],
    [{ kind: 'approval.answer', id: 'a1', outcome: 'ALLOW' }, 'invalid or unexpected field "outcome"'],
    [{ kind: 'session.fork', sessionId: 's', boundarySeq: -1 }, 'invalid or unexpected field "boundarySeq"'],
    [{ kind: 'provider.key', apiKey: '', remember: false }, 'invalid or unexpected field "apiKey"'],
    [{ kind: 'host.configure', settings: { provider: 'evil', permissions: 'ask', storage: 'memory' } }, 'invalid or unexpected field "settings"'],
    [{ kind: 'toString' }, 'unknown command kind "toString"'],
    [{ kind: 'session.search', query: 'x'.repeat(1001) }, 'invalid or unexpected field "query"'],
    [{ kind: 'session.search', query: 'x', limit: 0 }, 'invalid or unexpected field "limit"'],
    [{ kind: 'session.search', query: 'x', limit: 101 }, 'invalid or unexpected field "limit"'],
  ])('rejects %j', (value, message) => {
    expect(() => validateCommand(value)).toThrow(ProtocolError)
    expect(() => validateCommand(value)).toThrow(message)
  })
})

describe('validateNotice', () => {
  it('accepts an event batch', () => {
    const notice = { kind: 'session.events', sessionId: 's', events: [{ event: { seq: 0, type: 'turn/start', time: 1, data: { turn: 1 } } }] }
    expect(validateNotice(notice)).toBe(notice)
  })

  it('rejects an event without a seq and an approval question without an id', () => {
    expect(() => validateNotice({ kind: 'session.events', sessionId: 's', events: [{ event: { type: 'x' } }] })).toThrow('field "events"')
    expect(() => validateNotice({ kind: 'approval.requested', question: { sessionId: 's', toolName: 'bash' } })).toThrow('field "question"')
  })
})
