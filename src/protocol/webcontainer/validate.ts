/**
 * Runtime validators for the WebContainer bridge: requests arriving at the page-side host and
 * notices arriving at the worker-side proxy. Plane: shared; pure.
 * Contract: returns the input typed, or throws `ProtocolError` naming the kind and the field.
 * @module protocol/webcontainer/validate
 */
import { validateAgainst, type Check } from '../validate.ts'
import type { BridgeNotice, BridgeOutgoing } from './messages.ts'

const MAX_PATH = 4096
const MAX_CHUNK = 50_000_000

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const num: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0
const int: Check = Number.isSafeInteger
const bool: Check = (v) => typeof v === 'boolean'
const path: Check = (v) => typeof v === 'string' && v.length <= MAX_PATH && !v.includes('\u0000')
const text: Check = (v) => typeof v === 'string' && v.length <= MAX_CHUNK
const bytes: Check = (v) => v instanceof Uint8Array
const optional = (check: Check): Check => (v) => v === undefined || check(v)
const strings: Check = (v) => Array.isArray(v) && v.every(text)
const env: Check = (v) => isRecord(v) && Object.values(v).every((s) => ['string', 'number', 'boolean'].includes(typeof s))
const tree: Check = isRecord
const dirents: Check = (v) => Array.isArray(v) && v.every((d) => isRecord(d) && text(d.name) && ['file', 'directory', 'other'].includes(d.type as string))
const result: Check = (v) => v === null || bytes(v) || dirents(v)
const wireError: Check = (v) => isRecord(v) && text(v.name) && text(v.message) && optional(text)(v.code)

const REQUEST_FIELDS: Record<BridgeOutgoing['kind'], Record<string, Check>> = {
  'container.boot': { id: num },
  'container.mount': { id: num, tree },
  'fs.readFile': { id: num, path },
  'fs.writeFile': { id: num, path, data: bytes },
  'fs.readdir': { id: num, path },
  'fs.mkdir': { id: num, path, recursive: bool },
  'fs.rm': { id: num, path, recursive: bool, force: bool },
  'fs.rename': { id: num, from: path, to: path },
  'process.spawn': { id: num, command: text, args: strings, cwd: optional(path), env: optional(env) },
  'process.kill': { pid: num },
}

const NOTICE_FIELDS: Record<BridgeNotice['kind'], Record<string, Check>> = {
  'call.result': { id: num, value: result },
  'call.failed': { id: num, error: wireError },
  'process.output': { pid: num, chunk: text },
  'process.output-end': { pid: num },
  'process.exited': { pid: num, exitCode: int },
  'process.failed': { pid: num, error: wireError },
  'host.closed': { reason: text },
}

/** Validates a worker → page bridge message. @throws ProtocolError */
export function validateBridgeRequest(value: unknown): BridgeOutgoing {
  return validateAgainst<BridgeOutgoing>(value, REQUEST_FIELDS, 'webcontainer request')
}

/** Validates a page → worker bridge message. @throws ProtocolError */
export function validateBridgeNotice(value: unknown): BridgeNotice {
  return validateAgainst<BridgeNotice>(value, NOTICE_FIELDS, 'webcontainer notice')
}
