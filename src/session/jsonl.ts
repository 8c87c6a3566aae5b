/**
 * JSONL export and hostile-input import in dsh's layout (architecture §11): a header line, then
 * one `SessionEvent` per line, verbatim; import also reads dsh's packed chunk rows (chunk-rows.ts).
 * Plane: shared; pure. Import refuses a whole file on the first problem with a `SessionImportError`
 * naming the line; it never returns partial data.
 * @module session/jsonl
 */
import { expandChunkRow } from './chunk-rows.ts'
import { SessionAppendError, SessionImportError, SessionInvariantError, SessionSeedError } from './errors.ts'
import { LogInvariant } from './invariant.ts'
import { canonicalEventType } from './known-types.ts'
import { type CheckedReplay, EVENT_KEYS, eventKeyPosition, Session } from './session.ts'
import { SESSION_FORMAT_VERSION, type SessionEvent, type SessionHeader } from './types.ts'
import { formatPath, type freezeJson, type JsonCopyOptions, parsedJsonFreezer } from './validate-json.ts'

const HEADER_KEYS = ['type', 'version', 'id', 'createdAt', 'cwd', 'parentSession', 'seedLength', 'origin', 'delegationDepth', 'agentPreset']

export interface JsonlLimits {
  /** Longest accepted line, in characters. */
  readonly maxLineBytes: number
  /** Whether a reader of this build understands `type`. */
  readonly isKnownType: (type: string) => boolean
}

/** Header line then one event per line, each terminated by `\n`. */
export function exportJsonl(header: SessionHeader, events: readonly SessionEvent[]): string {
  let out = JSON.stringify(header) + '\n'
  for (const event of events) out += JSON.stringify(event) + '\n'
  return out
}

/** `event.data`, `event.seq`, …: the error paths of the envelope members, built once. */
const MEMBER_ROOTS: readonly string[] = EVENT_KEYS.map(key => formatPath('event', [key]))

/** What every line of one import is checked with: the limit, the freezer and its options (one object for all lines). */
interface LineCheck {
  readonly limits: JsonlLimits
  readonly freeze: typeof freezeJson
  readonly options: JsonCopyOptions
}

function parseLine(text: string, line: number, { limits, freeze, options }: LineCheck, root: 'header' | 'event'): Record<string, unknown> {
  if (text.length > limits.maxLineBytes) throw new SessionImportError(line, `line is ${text.length} characters; the limit is ${limits.maxLineBytes}`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new SessionImportError(line, `invalid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SessionImportError(line, `the ${root} must be a JSON object`)
  let type = (value as { type?: unknown }).type
  if (root === 'event' && typeof type === 'string') (value as { type: string }).type = type = canonicalEventType(type)
  const label = root === 'header' ? 'session' : typeof type === 'string' ? type : 'untyped'
  try {
    if (root === 'header') return freeze(value as Record<string, unknown>, label, root, options)
    // JSON.parse's fresh value, checked and frozen in place member by member: the envelope stays
    // open so the replay adopts it (no copy; checkEnvelope allows only the envelope keys). for-in
    // (no key array) visits the own keys only: see parseJsonl.
    const event = value as Record<string, unknown>
    for (const key in event) freeze(event[key], label, MEMBER_ROOTS[eventKeyPosition(key)] ?? formatPath(root, [key]), options)
    return event
  } catch (error) {
    throw new SessionImportError(line, (error as Error).message)
  }
}

function checkHeader(header: Record<string, unknown>): SessionHeader {
  if (header.type !== 'session') throw new SessionImportError(1, 'the first line must be the session header {type:"session", …}')
  const extra = Object.keys(header).filter(k => !HEADER_KEYS.includes(k))
  if (extra.length) throw new SessionImportError(1, `unknown header key(s) ${extra.join(', ')}`)
  if (header.version !== SESSION_FORMAT_VERSION) {
    throw new SessionImportError(1, `unsupported session format version ${JSON.stringify(header.version)} (this build reads ${SESSION_FORMAT_VERSION}); not imported`)
  }
  if (typeof header.id !== 'string' || header.id.length === 0) throw new SessionImportError(1, 'header id must be a non-empty string')
  if (typeof header.createdAt !== 'number' || !Number.isInteger(header.delegationDepth)) {
    throw new SessionImportError(1, 'header needs a numeric createdAt and an integer delegationDepth')
  }
  return header as unknown as SessionHeader
}

function checkEnvelope(event: Record<string, unknown>, index: number, line: number, limits: JsonlLimits): SessionEvent {
  for (const key in event) { // own keys only (see parseJsonl), without a key array
    if (eventKeyPosition(key) >= 0) continue
    throw new SessionImportError(line, `unknown event key(s) ${Object.keys(event).filter(k => eventKeyPosition(k) < 0).join(', ')}`)
  }
  if (event.seq !== index) {
    const found = JSON.stringify(event.seq)
    const why = typeof event.seq === 'number' && event.seq < index ? `duplicate or out-of-order seq ${found}` : `seq gap: found ${found}`
    throw new SessionImportError(line, `${why}; expected seq ${index}`)
  }
  if (typeof event.type !== 'string') throw new SessionImportError(line, 'event type must be a string')
  if (!limits.isKnownType(event.type) && event.ignorable !== true) {
    throw new SessionImportError(line, `unknown event type "${event.type}" is not marked ignorable`)
  }
  return event as unknown as SessionEvent
}

/**
 * Parse and fully validate a JSONL session: envelopes, contiguous seqs, known types, §2.11
 * invariant, balanced turns, message shapes and surface ops.
 * @throws SessionImportError naming the 1-based line and the reason
 */
export function parseJsonl(text: string, limits: JsonlLimits): { header: SessionHeader; events: SessionEvent[] } {
  if (text.length === 0) throw new SessionImportError(1, 'empty file; expected a session header line')
  // The lines of text.split('\n') less a final empty one, taken one at a time: each line's string
  // dies young instead of 100k of them living through the whole parse (and its scavenges).
  const end = text.endsWith('\n') ? text.length - 1 : text.length
  let from = 0
  const nextLine = (): string => {
    const newline = text.indexOf('\n', from)
    const to = newline < 0 || newline > end ? end : newline
    const line = text.slice(from, to)
    from = to + 1
    return line
  }
  // While Object.prototype carries an enumerable key, this is freezeJson, which refuses the header
  // line for it ('inherited enumerable key'); so an event line is reached only when for-in over a
  // parsed object visits exactly its own keys.
  const freeze = parsedJsonFreezer()
  const check: LineCheck = { limits, freeze, options: { maxBytes: limits.maxLineBytes, hostile: true } }
  const header = checkHeader(parseLine(nextLine(), 1, check, 'header'))
  const replay = startReplay(header)
  const invariant = new LogInvariant()
  let count = 0
  let openedAt = 0
  const accept = (stored: Record<string, unknown>, line: number): void => {
    const event = checkEnvelope(stored, count, line, limits)
    try {
      invariant.accept(event)
      replay.add(event)
    } catch (error) {
      if (error instanceof SessionInvariantError) throw new SessionImportError(line, error.message)
      if (error instanceof SessionSeedError) throw new SessionImportError(line, error.reason)
      throw error
    }
    if (event.type === 'turn/start') openedAt = line
    count++
  }
  for (let line = 2; from <= end; line++) {
    const value = parseLine(nextLine(), line, check, 'event')
    const members = chunkRowMembers(value, line, check)
    if (members === undefined) accept(value, line)
    else for (const member of members) accept(member, line)
  }
  if (invariant.openTurn !== undefined) throw new SessionImportError(openedAt, `unbalanced turns: turn ${invariant.openTurn} starts here and never ends`)
  return { header, events: replay.seal() }
}

/**
 * The events of a dsh packed chunk row (their payloads frozen like a parsed line's), or undefined
 * when the line is an event itself.
 */
function chunkRowMembers(value: Record<string, unknown>, line: number, { freeze, options }: LineCheck): Record<string, unknown>[] | undefined {
  let members: Record<string, unknown>[] | undefined
  try {
    members = expandChunkRow(value) as Record<string, unknown>[] | undefined
    if (members !== undefined) for (const member of members) freeze(member.data, 'assistant/chunk', 'event.data', options)
  } catch (error) {
    throw new SessionImportError(line, (error as Error).message)
  }
  return members
}

/**
 * The throwaway Session each event is replayed through as it is read (message shapes, surface ops,
 * sources), adopting it (its members were checked and frozen by parseLine, so not walked again); a
 * session opened from the sealed events later shares them instead of copying and checking them again.
 */
function startReplay(header: SessionHeader): CheckedReplay {
  try {
    return Session.checkedReplay({ id: header.id, header })
  } catch (error) {
    if (error instanceof SessionAppendError) throw new SessionImportError(1, error.message)
    throw error
  }
}
