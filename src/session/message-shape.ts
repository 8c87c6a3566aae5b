/**
 * Shape checks for surface payloads and request headers (dsh contracts §2.2): message id, role,
 * model source, and the single `tool-result` block whose `toolCallId` is `source.callId`.
 * Plane: shared; pure. Returns a problem sentence or `undefined`; callers wrap it in their error.
 * @module session/message-shape
 */
import type { SessionEventMap } from './types.ts'

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0

function messageProblem(m: unknown, where: string, role: string, sources: readonly string[]): string | undefined {
  if (!isObj(m)) return `${where} must be a message object`
  if (!isText(m.id)) return `${where}.id must be a non-empty string`
  if (m.role !== role) return `${where}.role must be "${role}", got ${JSON.stringify(m.role)}`
  if (!Array.isArray(m.content)) return `${where}.content must be an array`
  const bad = m.content.findIndex(b => !isObj(b) || typeof b.type !== 'string')
  if (bad >= 0) return `${where}.content[${bad}] must be a content block with a string type`
  if (!isObj(m.source) || !sources.includes(m.source.kind as string)) {
    return `${where}.source.kind must be one of ${sources.join(', ')}`
  }
  return undefined
}

function stepProblem(d: Obj): string | undefined {
  if (!Number.isInteger(d.turn) || !Number.isInteger(d.step)) return 'data.turn and data.step must be integers'
  return undefined
}

function toolResultProblem(d: Obj): string | undefined {
  const m = d.message as Obj
  const problem = messageProblem(m, 'data.message', 'user', ['tool'])
  if (problem) return problem
  const source = m.source as Obj
  if (!isText(source.callId)) return 'data.message.source.callId must be a non-empty string'
  const content = m.content as Obj[]
  if (content.length !== 1 || content[0]!.type !== 'tool-result') return 'data.message.content must be exactly one tool-result block'
  if (content[0]!.toolCallId !== source.callId) {
    return `data.message.content[0].toolCallId ${JSON.stringify(content[0]!.toolCallId)} must equal source.callId ${JSON.stringify(source.callId)}`
  }
  if (!Array.isArray(content[0]!.content)) return 'data.message.content[0].content must be an array'
  return stepProblem(d)
}

function assistantProblem(d: Obj): string | undefined {
  const problem = messageProblem(d.message, 'data.message', 'assistant', ['model'])
  if (problem) return problem
  const source = (d.message as Obj).source as Obj
  if (!isText(source.provider) || !isText(source.model)) return 'data.message.source needs non-empty provider and model'
  return stepProblem(d)
}

function headerProblem(d: Obj): string | undefined {
  const config = isObj(d.header) ? d.header.config : undefined
  if (!isObj(config) || !isText(config.provider) || !isText(config.model)) {
    return 'data.header.config needs non-empty provider and model'
  }
  return undefined
}

/**
 * The shape problem of one event payload, if any. Only surface types and `request/header`
 * have shape rules; every other type passes.
 */
export function payloadProblem(type: string, data: unknown): string | undefined {
  switch (type) {
    case 'user/message':
      return messageProblem(data, 'data', 'user', ['user', 'plugin'])
    case 'assistant/message':
      return isObj(data) ? assistantProblem(data) : 'data must be an object'
    case 'tool/result':
      return isObj(data) ? toolResultProblem(data) : 'data must be an object'
    case 'request/header':
      return isObj(data) ? headerProblem(data) : 'data must be an object'
    default:
      return undefined
  }
}

/** The comparable identity of a tool result apart from its block's `content` (pruning rule, §2.3). */
export function toolResultIdentity(data: SessionEventMap['tool/result']): string {
  const { content: [block], ...message } = data.message
  const { content: _content, ...rest } = block
  return JSON.stringify([data.turn, data.step, message, rest, data.error ?? null, data.meta ?? null])
}
