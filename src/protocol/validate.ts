/**
 * Runtime validators for everything that crosses the page/worker boundary: commands arriving
 * in the worker and notices arriving on the page. Plane: shared; pure.
 * Contract: returns the input typed, or throws `ProtocolError` naming the kind and the field.
 * @module protocol/validate
 */
import { APPROVAL_ANSWERS, PERMISSION_PRESETS, PROVIDER_KINDS } from './messages.ts'
import type { HostCommand, HostNotice } from './messages.ts'
import { isIdText } from './ids.ts'

/** A message that does not match the protocol. `code` is always `DSH_PROTOCOL_INVALID`. */
export class ProtocolError extends Error {
  override name = 'ProtocolError'
  readonly code = 'DSH_PROTOCOL_INVALID'
}

/** A field check of the validator tables (also used by the WebContainer bridge's validator). */
export type Check = (value: unknown) => boolean
const MAX_TEXT = 1_000_000
const MAX_FILE = 50_000_000

const id: Check = isIdText
const text: Check = (v) => typeof v === 'string' && v.length <= MAX_TEXT
const bigText: Check = (v) => typeof v === 'string' && v.length <= MAX_FILE
const fileBytes: Check = (v) => v instanceof Uint8Array && v.byteLength <= MAX_FILE
const seq: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0
const bool: Check = (v) => typeof v === 'boolean'
const optional = (check: Check): Check => (v) => v === undefined || check(v)
const oneOf = (values: readonly unknown[]): Check => (v) => values.includes(v)
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const stringMap: Check = (v) => isRecord(v) && Object.values(v).every((s) => typeof s === 'string')
const nullableKey: Check = (v) => v === null || (typeof v === 'string' && v.length > 0 && v.length <= 4096)
const workspaceKey: Check = (v) => typeof v === 'string' && /^[\w.-]{1,64}$/.test(v)
const workspacePath: Check = (v) => typeof v === 'string' && v.length <= 4096
const array: Check = Array.isArray
const object: Check = isRecord
const port: Check = (v) => typeof MessagePort === 'function' && v instanceof MessagePort
const siteSkills: Check = (v) => Array.isArray(v) && v.length <= 1000 && v.every((s) => isRecord(s) && checkFields(s, { name: text, description: text, url: optional(text), body: optional(bigText) }) === undefined)
const webFetch: Check = (v) => isRecord(v) && checkFields(v, {
  allow: (a) => a === 'self' || a === 'off' || (Array.isArray(a) && a.length <= 100 && a.every(text)), base: optional(text),
}) === undefined

const url: Check = (v) => typeof v === 'string' && v.length <= 2048 && URL.canParse(v)
const positiveMs: Check = (v) => Number.isFinite(v) && (v as number) > 0
const mcpServers: Check = (v) => Array.isArray(v) && v.length <= 32 && v.every((s) => isRecord(s) && checkFields(s, { name: (n) => typeof n === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(n), url, timeoutMs: optional(positiveMs) }) === undefined)

const settings: Check = (v) => isRecord(v) && checkFields(v, {
  provider: oneOf(PROVIDER_KINDS), model: optional(text), baseURL: optional(text), replies: optional(array),
  replay: optional(bigText), workspace: optional(stringMap), workspaceId: optional(workspaceKey), sessionScope: optional(oneOf(['workspace', 'all'])), permissions: oneOf(PERMISSION_PRESETS),
  storage: oneOf(['memory', 'indexeddb']), instructions: optional(bigText), persona: optional(text), skills: optional(siteSkills), webFetch: optional(webFetch), siteSearch: optional((v) => isRecord(v) && checkFields(v, { index: url }) === undefined), mcpServers: optional(mcpServers),
}) === undefined

const COMMAND_FIELDS: Record<HostCommand['kind'], Record<string, Check>> = {
  'host.configure': { settings },
  'provider.key': { apiKey: nullableKey, remember: bool },
  'session.list': {},
  'session.open': { sessionId: optional(id) },
  'session.takeOver': { sessionId: id },
  'session.fork': { sessionId: id, boundarySeq: seq },
  'session.delete': { sessionId: id },
  'session.export': { sessionId: id },
  'session.import': { jsonl: (v) => bigText(v) || fileBytes(v) },
  'session.subscribe': { sessionId: id, fromSeq: seq, tail: optional(bool) },
  'session.history': { sessionId: id, beforeSeq: seq },
  'session.peek': { sessionId: id },
  'session.unsubscribe': { sessionId: id },
  'session.search': { query: (v) => typeof v === 'string' && v.length <= 1000, limit: optional((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100) },
  'agent.prompt': { sessionId: id, text },
  'agent.steer': { sessionId: id, text },
  'agent.inject': { sessionId: id, text },
  'agent.cancel': { sessionId: id, keepInbox: bool },
  'agent.compact': { sessionId: id },
  'agent.trim': { sessionId: id },
  'approval.answer': { id, outcome: oneOf(APPROVAL_ANSWERS), remember: optional(bool) },
  'approval.rules': { sessionId: id },
  'approval.revoke': { sessionId: id, ruleId: id },
  'question.answer': { id, answer: (v) => isRecord(v) && Array.isArray(v.answers) },
  'storage.flush': { leaving: optional(bool) },
  'data.delete-all': {},
  'workspace.snapshot': {},
  'workspace.list': { path: workspacePath, offset: optional(seq) },
  'workspace.read': { path: workspacePath },
  'workspace.write': { path: workspacePath, text: bigText, baseVersion: (v) => v === null || text(v) },
  'workspace.mkdir': { path: workspacePath },
  'workspace.rename': { from: workspacePath, to: workspacePath },
  'workspace.delete': { path: workspacePath },
  'workspace.watch': { on: bool },
  'workspace.exec': { command: text, workdir: optional(workspacePath) },
  'workspace.kill': { runId: seq },
  'webcontainer.attach': { port },
  'mcp.token': { url, token: nullableKey, remember: bool },
  'pagetools.attach': { port },
}

const wireEvents: Check = (v) => Array.isArray(v) && v.every((w) =>
  isRecord(w) && isRecord(w.event) && seq(w.event.seq) && typeof w.event.type === 'string' && (w.card === undefined || isRecord(w.card)))

const question: Check = (v) => isRecord(v) && checkFields(v, {
  id, sessionId: id, toolName: text, callId: optional(id), reason: optional(text), effect: optional(oneOf(['read', 'write', 'execute'])), arguments: optional(text), card: optional(object),
}) === undefined

const NOTICE_FIELDS: Record<HostNotice['kind'], Record<string, Check>> = {
  'session.events': { sessionId: id, events: wireEvents },
  'session.access': { sessionId: id, readOnly: bool, code: optional(text) },
  'agent.status': { sessionId: id, status: oneOf(['idle', 'running']) },
  'approval.requested': { question },
  'approval.withdrawn': { id },
  'question.requested': { prompt: (v) => isRecord(v) && id(v.id) && Array.isArray(v.questions) },
  'question.settled': { id },
  'storage.state': { state: (v) => isRecord(v) && oneOf(['ok', 'memory-only', 'error'])(v.health) },
  'host.error': { code: text, message: text, sessionId: optional(id) },
  'workspace.changed': { changes: (v) => Array.isArray(v) && v.every((c) => isRecord(c) && typeof c.kind === 'string' && typeof c.path === 'string') },
  'shell.started': { run: (v) => isRecord(v) && seq(v.runId) && typeof v.command === 'string' && oneOf(['agent', 'person'])(v.origin) && bool(v.streams) },
  'shell.output': { runId: seq, stream: oneOf(['stdout', 'stderr']), chunk: (v) => typeof v === 'string' },
  'shell.ended': { runId: seq, exitCode: (v) => v === null || Number.isInteger(v), signal: (v) => v === null || typeof v === 'string', limit: optional(text) },
}

/** @returns the first field whose value fails its check (or that is not declared). */
function checkFields(value: Record<string, unknown>, fields: Record<string, Check>): string | undefined {
  for (const [name, check] of Object.entries(fields)) if (!check(value[name])) return name
  return Object.keys(value).find((name) => name !== 'kind' && !(name in fields))
}

/** Validates `value` against a `kind → field checks` table. @throws ProtocolError naming the kind and field */
export function validateAgainst<T>(value: unknown, table: Record<string, Record<string, Check>>, what: string): T {
  if (!isRecord(value)) throw new ProtocolError(`${what} must be an object`)
  const kind = value.kind
  if (typeof kind !== 'string' || !Object.hasOwn(table, kind)) throw new ProtocolError(`unknown ${what} kind ${JSON.stringify(kind)}`)
  const bad = checkFields(value, table[kind]!)
  if (bad !== undefined) throw new ProtocolError(`${what} ${kind}: invalid or unexpected field "${bad}"`)
  return value as T
}

/** Validates a page → worker command. @throws ProtocolError */
export function validateCommand(value: unknown): HostCommand {
  return validateAgainst<HostCommand>(value, COMMAND_FIELDS, 'command')
}

/** Validates a worker → page notice. @throws ProtocolError */
export function validateNotice(value: unknown): HostNotice {
  return validateAgainst<HostNotice>(value, NOTICE_FIELDS, 'notice')
}
