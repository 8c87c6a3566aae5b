/**
 * dsh's packed chunk rows, read side: its JSONL writer stores each run of ≥ 3 consecutive
 * same-block `assistant/chunk` deltas as one `text-chunks`, `reasoning-chunks` or
 * `tool-call-chunks` row ({type, seq0, time0, data: {turn, step, index, dt, texts | id, name?, args}}),
 * member k at seq `seq0 + k` and time `time0 + dt[0] + … + dt[k-1]`. Plane: shared; pure.
 * Contract: a row is checked whole (exact keys, types, arity, safe integers) before it expands to
 * exactly the events dsh packed; a malformed row is an error, never a partial run.
 * @module session/chunk-rows
 */
import type { StreamChunk } from '../llm/types.ts'
import type { CallId } from '../util/brand.ts'
import type { SessionEvent } from './types.ts'

export const CHUNK_ROW_TYPES: readonly string[] = ['text-chunks', 'reasoning-chunks', 'tool-call-chunks']

const TEXT_KEYS = ['turn', 'step', 'index', 'dt', 'texts']
const TOOL_CALL_KEYS = ['turn', 'step', 'index', 'id', 'dt', 'args']

type Row = Record<string, unknown>

function hasExactKeys(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value)
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key))
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Why `row` (tagged `tag`) is not a well-formed packed row, or undefined when it is. */
function rowProblem(row: Row, tag: string): string | undefined {
  if (!hasExactKeys(row, ['type', 'seq0', 'time0', 'data'])) return 'the row must be exactly {type, seq0, time0, data}'
  if (!Number.isSafeInteger(row.seq0) || (row.seq0 as number) < 0) return 'seq0 must be a non-negative safe integer'
  if (!Number.isSafeInteger(row.time0)) return 'time0 must be a safe integer'
  const data = row.data
  if (!isRecord(data)) return 'data must be an object'
  const payloadKey = tag === 'tool-call-chunks' ? 'args' : 'texts'
  if (tag === 'tool-call-chunks') {
    const named = hasExactKeys(data, [...TOOL_CALL_KEYS, 'name'])
    if (!named && !hasExactKeys(data, TOOL_CALL_KEYS)) return 'data must be exactly {turn, step, index, id, name?, dt, args}'
    if (typeof data.id !== 'string' || (named && typeof data.name !== 'string')) return 'id (and name when present) must be strings'
  } else if (!hasExactKeys(data, TEXT_KEYS)) {
    return 'data must be exactly {turn, step, index, dt, texts}'
  }
  if (typeof data.turn !== 'number' || typeof data.step !== 'number' || typeof data.index !== 'number') return 'turn, step and index must be numbers'
  const payload = data[payloadKey]
  if (!Array.isArray(payload) || payload.length === 0 || payload.some((entry) => typeof entry !== 'string')) return `${payloadKey} must be a non-empty array of strings`
  const dt = data.dt
  if (!Array.isArray(dt) || dt.some((gap) => !Number.isSafeInteger(gap))) return 'dt must be an array of safe integers'
  if (dt.length !== payload.length - 1) return `dt has ${dt.length} gaps for ${payload.length} members`
  if (!Number.isSafeInteger((row.seq0 as number) + payload.length - 1)) return 'member seqs must stay safe integers'
  let time = row.time0 as number
  for (const gap of dt as number[]) {
    time += gap
    if (!Number.isSafeInteger(time)) return 'member times must stay safe integers'
  }
  return undefined
}

function memberChunk(tag: string, data: Row, member: string): StreamChunk {
  const index = data.index as number
  if (tag === 'text-chunks') return { type: 'text-delta', index, text: member }
  if (tag === 'reasoning-chunks') return { type: 'reasoning-delta', index, text: member }
  return {
    type: 'tool-call-delta', index, id: data.id as CallId,
    ...(Object.hasOwn(data, 'name') ? { name: data.name as string } : {}),
    argumentsDelta: member,
  }
}

/**
 * The `assistant/chunk` events a packed row stores, or undefined when `value` is not row-tagged.
 * @throws Error naming the row type and what is malformed
 */
export function expandChunkRow(value: Row): SessionEvent<'assistant/chunk'>[] | undefined {
  const tag = value.type
  if (tag !== 'text-chunks' && tag !== 'reasoning-chunks' && tag !== 'tool-call-chunks') return undefined // CHUNK_ROW_TYPES, compared without a call per line
  const problem = rowProblem(value, tag)
  if (problem) throw new Error(`malformed ${tag} row: ${problem}`)
  const data = value.data as Row
  const members = data[tag === 'tool-call-chunks' ? 'args' : 'texts'] as string[]
  const dt = data.dt as number[]
  const turn = data.turn as number
  const step = data.step as number
  let time = value.time0 as number
  return members.map((member, k) => {
    if (k > 0) time += dt[k - 1]!
    return { type: 'assistant/chunk', seq: (value.seq0 as number) + k, time, data: { turn, step, chunk: memberChunk(tag, data, member) } }
  })
}
