// Builders for session specs: headers, messages and a small well-formed turn.
import { Session, type SessionOptions } from '../../../src/session/session.ts'
import type { AssistantMessage, ToolResultMessage, UserMessage } from '../../../src/llm/types.ts'
import type { CallId, MessageId, SessionId } from '../../../src/util/brand.ts'
import { SESSION_FORMAT_VERSION, type SessionHeader } from '../../../src/session/types.ts'

export const sid = (s = 's1') => s as SessionId

export function header(id = sid(), extra: Partial<SessionHeader> = {}): SessionHeader {
  return { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt: 1000, delegationDepth: 0, ...extra }
}

export function newSession(options: Partial<SessionOptions> = {}): Session {
  let t = 1000
  return new Session({ id: sid(), header: header(), now: () => t++, ...options })
}

export const user = (text: string, id = `u-${text}`): UserMessage => ({
  id: id as MessageId, role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' },
})

export const assistant = (text: string, calls: string[] = [], id = `a-${text}`): AssistantMessage => ({
  id: id as MessageId,
  role: 'assistant',
  content: [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...calls.map(c => ({ type: 'tool-call' as const, id: c as CallId, name: 'read', arguments: '{}' })),
  ],
  source: { kind: 'model', provider: 'p', model: 'm' },
})

export const toolResult = (callId: string, text: string): ToolResultMessage => ({
  id: `r-${callId}` as MessageId,
  role: 'user',
  content: [{ type: 'tool-result', toolCallId: callId as CallId, content: [{ type: 'text', text }] }],
  source: { kind: 'tool', callId: callId as CallId },
})

/** Appends turn `turn` with one step: user message, assistant with calls, calls + results. */
export function appendTurn(session: Session, turn: number, calls: string[] = []): void {
  session.append('turn/start', { turn })
  session.append('step/start', { turn, step: 1 })
  session.append('user/message', user(`q${turn}`), { surfaceOp: 'append' })
  const a = session.append('assistant/message', { turn, step: 1, message: assistant(`answer${turn}`, calls) }, { surfaceOp: 'append' })
  void a
  for (const c of calls) {
    const call = session.append('tool/call', { turn, step: 1, callId: c as CallId, name: 'read', arguments: '{}' })
    session.append('tool/result', { turn, step: 1, message: toolResult(c, `out ${c}`) }, { surfaceOp: 'append', sourceEventSeqs: [call.seq] })
  }
  session.append('step/end', { turn, step: 1 })
  session.append('turn/end', { turn, reason: { kind: 'completed' } })
}
