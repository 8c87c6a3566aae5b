/**
 * Lossless packing of `assistant/chunk` delta runs: consecutive text, reasoning or tool-call
 * deltas of one block become one storage record and expand back to the exact same events.
 * Plane: worker; pure. Contract: `expandRun(packRun(run))` deep-equals `run` with the same key order;
 * any event whose exact shape is not recognised stays verbatim (loses compression, never data).
 * @module session-idb/chunk-runs
 */
import type { SessionEvent } from '../session/types.ts'

export type DeltaKind = 'text-delta' | 'reasoning-delta' | 'tool-call-delta'

/** A packed run: member k has seq `seq + k`, time `time + dt[0] + … + dt[k-1]`, payload `parts[k]`. */
export interface ChunkRun {
  run: DeltaKind
  seq: number
  time: number
  turn: number
  step: number
  index: number
  dt: number[]
  parts: string[]
  id?: string
  name?: string
}

/** Runs shorter than this stay verbatim: a run record's envelope would cost more than it saves. */
export const MIN_RUN = 3

type Loose = Record<string, unknown>

function keysAre(value: object, keys: readonly string[]): boolean {
  const actual = Object.keys(value)
  return actual.length === keys.length && actual.every((key, i) => key === keys[i])
}

const TEXT_KEYS = ['type', 'index', 'text']
const CALL_KEYS = ['type', 'index', 'id', 'argumentsDelta']
const NAMED_CALL_KEYS = ['type', 'index', 'id', 'name', 'argumentsDelta']

function chunkKind(chunk: Loose): DeltaKind | undefined {
  if (typeof chunk.index !== 'number') return undefined
  if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') {
    return keysAre(chunk, TEXT_KEYS) && typeof chunk.text === 'string' ? chunk.type : undefined
  }
  if (chunk.type !== 'tool-call-delta' || typeof chunk.id !== 'string' || typeof chunk.argumentsDelta !== 'string') return undefined
  if (keysAre(chunk, CALL_KEYS)) return 'tool-call-delta'
  return keysAre(chunk, NAMED_CALL_KEYS) && typeof chunk.name === 'string' ? 'tool-call-delta' : undefined
}

/** The delta kind of an event whose whole shape (keys, order, integer seq/time) is packable. */
export function deltaKind(event: SessionEvent): DeltaKind | undefined {
  if (event.type !== 'assistant/chunk' || !keysAre(event, ['type', 'seq', 'time', 'data'])) return undefined
  if (!Number.isSafeInteger(event.time)) return undefined
  const data = event.data as unknown as Loose
  if (!keysAre(data, ['turn', 'step', 'chunk']) || typeof data.turn !== 'number' || typeof data.step !== 'number') return undefined
  const chunk = data.chunk
  return typeof chunk === 'object' && chunk !== null ? chunkKind(chunk as Loose) : undefined
}

function chunkOf(event: SessionEvent): Loose {
  return (event.data as unknown as Loose).chunk as Loose
}

/** Whether `next` (same kind as `prev`) extends the run that ends with `prev`. */
export function continuesRun(prev: SessionEvent, next: SessionEvent): boolean {
  const a = prev.data as unknown as Loose
  const b = next.data as unknown as Loose
  const ca = chunkOf(prev)
  const cb = chunkOf(next)
  return next.seq === prev.seq + 1 && Number.isSafeInteger(next.time - prev.time)
    && a.turn === b.turn && a.step === b.step && ca.index === cb.index
    && ca.id === cb.id && Object.hasOwn(ca, 'name') === Object.hasOwn(cb, 'name') && ca.name === cb.name
}

/** Packs a run (≥ 1 events, same kind, each continuing the previous) into one record. */
export function packRun(kind: DeltaKind, run: readonly SessionEvent[]): ChunkRun {
  const first = run[0] as SessionEvent
  const data = first.data as unknown as Loose
  const chunk = chunkOf(first)
  const record: ChunkRun = {
    run: kind, seq: first.seq, time: first.time, turn: data.turn as number, step: data.step as number,
    index: chunk.index as number,
    dt: run.slice(1).map((event, i) => event.time - (run[i] as SessionEvent).time),
    parts: run.map((event) => {
      const c = chunkOf(event)
      return (kind === 'tool-call-delta' ? c.argumentsDelta : c.text) as string
    }),
  }
  if (kind === 'tool-call-delta') {
    record.id = chunk.id as string
    if (Object.hasOwn(chunk, 'name')) record.name = chunk.name as string
  }
  return record
}

function memberChunk(run: ChunkRun, part: string): Loose {
  if (run.run !== 'tool-call-delta') return { type: run.run, index: run.index, text: part }
  return run.name === undefined
    ? { type: run.run, index: run.index, id: run.id, argumentsDelta: part }
    : { type: run.run, index: run.index, id: run.id, name: run.name, argumentsDelta: part }
}

/** Expands a run record into its events; throws on a malformed record (corrupt storage). */
export function expandRun(value: Loose): SessionEvent[] {
  const run = value as unknown as ChunkRun
  const known = run.run === 'text-delta' || run.run === 'reasoning-delta' || (run.run === 'tool-call-delta' && typeof run.id === 'string')
  if (!known || !Array.isArray(run.parts) || !Array.isArray(run.dt) || run.dt.length !== run.parts.length - 1
    || !Number.isSafeInteger(run.seq) || !Number.isSafeInteger(run.time)) {
    throw new Error(`malformed chunk run at seq ${String(run.seq)}`)
  }
  const events: SessionEvent[] = []
  let time = run.time
  for (let k = 0; k < run.parts.length; k++) {
    if (k > 0) time += run.dt[k - 1] as number
    const part = run.parts[k]
    if (typeof part !== 'string' || !Number.isSafeInteger(time)) throw new Error(`malformed chunk run at seq ${run.seq}`)
    events.push({
      type: 'assistant/chunk', seq: run.seq + k, time,
      data: { turn: run.turn, step: run.step, chunk: memberChunk(run, part) },
    } as unknown as SessionEvent)
  }
  return events
}
