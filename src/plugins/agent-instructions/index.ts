/**
 * Workspace instructions (dsh context/agent-instructions): on an agent's first entering step, the
 * site layer and every `AGENTS.md` / `CLAUDE.md` (and `*.local.md`) from the workspace root down to
 * the working directory enter as one durable `<system-reminder>` baseline; after a successful
 * `read` / `write` / `edit`, files revealed, changed or removed in touched directories enter the
 * next step as "Additional / Updated instructions from" or "Instructions removed". A resumed agent
 * compares digests once and appends only changes. Plane: worker.
 * @module plugins/agent-instructions/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../../agent-loop/events.ts'
import type { Agent } from '../../agent-loop/types.ts'
import type {} from '../../fs/file-system.ts'
import type { UserMessage } from '../../llm/types.ts'
import type { Session } from '../../session/session.ts'
import type {} from '../../tools/events.ts'
import { resolvePath } from '../../fs/path-policy.ts'
import { chain, directoryOf, type Candidates } from './files.ts'
import { EmptyScans } from './empty-scans.ts'
import { composeBaseline, composeChanges, instructionRenderer, touchedDirs } from './reconcile.ts'
import { knownInstructions } from './state.ts'

export const name = 'agent-instructions'
export const inject = ['fs']

export interface Config {
  /** Byte budget of one rendered instruction message (default 24 KiB); ≤ 0 disables the plugin. */
  maxBytes?: number
  /** Bytes read from one file before it is cut with a marker (default 1 MiB). */
  maxSourceBytes?: number
  /** The site-wide layer (the element's `instructions` attribute, the `instructions` option). */
  site?: string
  instructionFileCandidates?: string[]
  localInstructionFileCandidates?: string[]
}

const TOUCH_TOOLS = new Set(['read', 'write', 'edit'])
const validName = (n: string) => n !== '' && n !== '.' && n !== '..' && !n.includes('/') && !n.includes('\\')

/** Where the composed message goes: right after the last direct user message of the batch. */
function insertAfterClaimed(messages: readonly UserMessage[], message: UserMessage): UserMessage[] {
  const at = messages.findLastIndex((m) => m.source.kind === 'user') + 1
  return [...messages.slice(0, at), message, ...messages.slice(at)]
}

export function apply(ctx: Context, config: Config = {}): void {
  const maxBytes = config.maxBytes ?? 24 * 1024
  const maxSourceBytes = config.maxSourceBytes ?? 1024 * 1024
  if (!Number.isInteger(maxSourceBytes) || maxSourceBytes <= 0) throw new TypeError('agent-instructions: maxSourceBytes must be a positive integer')
  if (!(maxBytes > 0) || !Number.isFinite(maxBytes)) return
  const candidates: Candidates = {
    base: (config.instructionFileCandidates ?? ['AGENTS.md', 'CLAUDE.md']).filter(validName),
    local: (config.localInstructionFileCandidates ?? ['AGENTS.local.md', 'CLAUDE.local.md']).filter(validName),
    maxSourceBytes,
  }
  // Site instructions enter every first step: their renderer loads now, while the page is surely online.
  if (config.site !== undefined && config.site.trim() !== '') instructionRenderer().catch(() => undefined)
  /** Paths successfully touched by file tools since the agent's last step, per session. */
  const touches = new WeakMap<Session, string[]>()
  /** Sessions whose live agent has compared the files once (resume). */
  const reconciled = new WeakSet<Session>()
  /** Where no instruction file was found since the workspace last changed (no rescan at each step). */
  const scans = new EmptyScans()
  ctx.on('fs/change', () => scans.changed())

  const compose = async (agent: Agent, signal: AbortSignal): Promise<UserMessage | undefined> => {
    const fs = ctx.fs
    const cwd = resolvePath(fs.root, agent.session.header.cwd ?? fs.root)
    const identity = JSON.stringify({ root: fs.root, cwd, base: candidates.base, local: candidates.local, maxBytes, maxSourceBytes })
    const known = knownInstructions(agent.session)
    const touched = touches.get(agent.session) ?? []
    touches.delete(agent.session)
    const input = { fs, cwd, candidates, maxBytes, site: config.site, identity, known, signal, dirs: new Set<string>(), scans }
    if (!known.baseline || known.baselineIdentity !== identity) {
      reconciled.add(agent.session)
      return composeBaseline(input)
    }
    const firstLook = !reconciled.has(agent.session)
    reconciled.add(agent.session)
    if (!firstLook && touched.length === 0) return undefined
    const dirs = touchedDirs(fs.root, await Promise.all(touched.map((p) => directoryOf(fs, p, signal))))
    if (firstLook) for (const d of chain(fs.root, cwd)) dirs.add(d)
    return composeChanges({ ...input, dirs })
  }

  ctx.on('agent/pre-step', async (payload, next) => {
    const decision = await next()
    if (decision.kind !== 'enter' || (payload.step === 1 && decision.messages.length === 0)) return decision
    const message = await compose(payload.agent, payload.signal)
    payload.signal.throwIfAborted()
    return message ? { kind: 'enter', messages: insertAfterClaimed(decision.messages, message) } : decision
  })

  ctx.on('tools/result', (exec, result) => {
    if (result.isError || !exec.agent || exec.signal.aborted || !TOUCH_TOOLS.has(exec.name)) return
    const path = (exec.args as { file_path?: unknown } | undefined)?.file_path
    if (typeof path !== 'string' || path.trim() === '') return
    const session = exec.agent.session
    const list = touches.get(session)
    if (list) list.push(path.trim())
    else touches.set(session, [path.trim()])
  })
}
