/**
 * The page-tools channel (a MessagePort between `<dsh-agent>` and its worker): the page declares
 * tools whose bodies run on the page, the worker starts and aborts calls, the page answers.
 * Plane: shared; plain structured-clone-safe data. Contract: every message is validated on arrival
 * (`validatePageToMessage`, `validateWorkerToPageMessage`); an invalid one is dropped, never half-applied.
 * @module protocol/page-tools
 */
import type { JsonValue } from '../util/json.ts'
import { validateAgainst, type Check } from './validate.ts'

export type PageToolEffect = 'read' | 'write' | 'execute'

/** A page tool as the worker sees it (the body stays on the page). */
export interface PageToolSpec {
  name: string
  description: string
  /** JSON Schema (object root); the worker validates arguments against it, eval-free. */
  parameters: Record<string, JsonValue>
  effect: PageToolEffect
  timeoutMs?: number
}

/** Page → worker. */
export type PageToWorkerMessage =
  | { kind: 'tool.register'; spec: PageToolSpec }
  | { kind: 'tool.unregister'; name: string }
  | { kind: 'call.done'; id: string; text: string }
  | { kind: 'call.failed'; id: string; message: string }

/** Worker → page. */
export type WorkerToPageMessage =
  | { kind: 'call.start'; id: string; name: string; args: JsonValue }
  | { kind: 'call.abort'; id: string; reason: string }
  /** The worker could not register the tool (a name another tool holds, a bad schema). */
  | { kind: 'tool.rejected'; name: string; message: string }

const MAX_TEXT = 1_000_000
const text: Check = (v) => typeof v === 'string' && v.length <= MAX_TEXT
const name: Check = (v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v)
const callId: Check = (v) => typeof v === 'string' && v.length > 0 && v.length <= 64
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const spec: Check = (v) => isRecord(v) && name(v.name) && text(v.description) && (v.description as string).trim() !== '' &&
  isRecord(v.parameters) && v.parameters.type === 'object' && ['read', 'write', 'execute'].includes(v.effect as string) &&
  (v.timeoutMs === undefined || (Number.isFinite(v.timeoutMs) && (v.timeoutMs as number) > 0)) &&
  Object.keys(v).every((key) => ['name', 'description', 'parameters', 'effect', 'timeoutMs'].includes(key))

const TO_WORKER: Record<PageToWorkerMessage['kind'], Record<string, Check>> = {
  'tool.register': { spec },
  'tool.unregister': { name },
  'call.done': { id: callId, text },
  'call.failed': { id: callId, message: text },
}

const TO_PAGE: Record<WorkerToPageMessage['kind'], Record<string, Check>> = {
  'call.start': { id: callId, name, args: () => true },
  'call.abort': { id: callId, reason: text },
  'tool.rejected': { name, message: text },
}

/** @throws ProtocolError naming the kind and field */
export const validatePageToWorker = (value: unknown): PageToWorkerMessage => validateAgainst(value, TO_WORKER, 'page tool message')
/** @throws ProtocolError naming the kind and field */
export const validateWorkerToPage = (value: unknown): WorkerToPageMessage => validateAgainst(value, TO_PAGE, 'page tool message')
