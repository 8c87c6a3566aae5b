/**
 * The headless API (architecture §9): `createRuntime(options)` boots the default composition
 * with option-derived patches and returns `{ctx, open, sessions, dumpConfig, dispose}`.
 * Plane: worker/shared (Node, worker, script); DOM-free. Contract: `dispose()` cancels every
 * agent (`disposed`), waits for their turns to close, drains the sessions (watchdog), unloads
 * every plugin, and only then rejects with `SessionDrainError` if the drain was not durable.
 * @module kernel/runtime
 */
import { Context } from '@deepseek-ai/cordis'
import type { Agent, AgentOptions } from '../agent-loop/types.ts'
import type { ApprovalOutcome, ApprovalRequest } from '../approval/types.ts'
import type { Session } from '../session/session.ts'
import type { FlushOutcome, SessionListing } from '../session/persistence.ts'
import { SessionDrainError } from '../session/errors.ts'
import { drainSessions } from './drain.ts'
import type { SessionReadView } from '../session/read-view.ts'
import type { SessionId } from '../util/brand.ts'
import type { SessionSearchResult } from '../session-query/types.ts'
import '../session-query/index.ts'
import { bootKernel, describePluginProblem } from './boot.ts'
import type { AskUserQuestionRequest, UserQuestionOutcome } from '../user-questions/types.ts'
import type { SkillRegistration } from '../skills/types.ts'
import { composition } from './compose.ts'
import { runtimePatches, type RuntimeOptionsForPatches } from './runtime-patches.ts'
import type { BootOptions, CompositionPatch, DumpedEntry, KernelDiagnostics, KernelPlugin, PluginProblem } from './types.ts'
import '../agent-loop/service.ts'
import '../session/store.ts'

export interface RuntimeOptions extends RuntimeOptionsForPatches {
  approval?: { policy?: 'ask' | 'never'; answer?: (request: ApprovalRequest) => Promise<ApprovalOutcome> }
  /** Answers `ask_user_question` (as `approval.answer`); without it the tool fails closed. */
  userQuestions?: { answer: (request: AskUserQuestionRequest) => Promise<UserQuestionOutcome> | UserQuestionOutcome }
  /** Skills registered on `ctx.skills` (a `body`, or a `url` fetched on first use). */
  skills?: SkillRegistration[]
  /** Extra Cordis plugins mounted on the root after the composition (a plugin, or `[plugin, config]`). */
  plugins?: (KernelPlugin | readonly [KernelPlugin, unknown])[]
  /** Composition patches by entry id, applied after the option-derived ones. */
  patches?: CompositionPatch[]
  boot?: BootOptions
  /**
   * Reject (`RuntimeBootError` `DSH_PLUGIN_FAILED`, nothing left running) when any plugin of the
   * composition did not start. Default false: the runtime boots without it and `diagnostics()` lists it.
   */
  strict?: boolean
}

export interface RuntimeSessions {
  list(): Promise<SessionListing[]>
  get(id: SessionId): Session | undefined
  /** Read-only: the live session's log, or a stored session read without opening it; `undefined` if unknown. */
  read(id: SessionId): Promise<SessionReadView | undefined>
  /** Forks at `boundarySeq` (inclusive; default the last event); returns the child's id. */
  fork(id: SessionId, boundarySeq?: number, childId?: SessionId): Promise<SessionId>
  delete(id: SessionId): Promise<boolean>
  export(id: SessionId): Promise<string>
  /** JSONL text, or a file's bytes (dsh's default zstd-compressed `session.jsonl.zstd`, or UTF-8). */
  import(file: string | Uint8Array): Promise<SessionId>
  /**
   * Settles when every event appended so far is durable (`{durable: true}`) or could not be made
   * so (`false`: storage failed or did not answer in time); never hangs, never rejects.
   */
  flush(): Promise<FlushOutcome>
  /**
   * Full-text search across every stored session (user, assistant and tool-result text): one hit per
   * session, best first, with a snippet and the matching event's seq; the index is built on the first
   * call and kept up to date. `limit` 1–100 (default 20). Rejects without the `session-query` plugin.
   */
  search(query: string, options?: { limit?: number }): Promise<SessionSearchResult>
}

export interface Runtime {
  readonly ctx: Context
  readonly sessions: RuntimeSessions
  /** A new session's agent, or (with an id) the agent of a stored or live session; `agentOptions` are its own (over the runtime defaults). */
  open(id?: SessionId, agentOptions?: AgentOptions): Promise<Agent>
  dumpConfig(): DumpedEntry[]
  diagnostics(): KernelDiagnostics
  /** @throws SessionDrainError after disposing everything, when acknowledged events could not be saved. */
  dispose(): Promise<void>
}

export type RuntimeBootCode = 'DSH_RUNTIME_BOOT' | 'DSH_PLUGIN_FAILED'

/**
 * Raised when a service the runtime needs did not start (`DSH_RUNTIME_BOOT`), or, with `strict`,
 * when any plugin did not start (`DSH_PLUGIN_FAILED`). `problems` lists every plugin that did not.
 */
export class RuntimeBootError extends Error {
  override readonly name = 'RuntimeBootError'
  constructor(readonly code: RuntimeBootCode, readonly problems: readonly PluginProblem[], fallback: string) {
    super(`runtime did not start: ${problems.map(describePluginProblem).join('; ') || fallback}`)
  }
}

export async function createRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const patches = [...runtimePatches(options), ...(options.patches ?? [])]
  const ctx = new Context()
  const kernel = await bootKernel(ctx, composition, patches, options.boot)
  const { sessions, agents } = { sessions: ctx.get('sessions', false), agents: ctx.get('agents', false) }
  const problems = kernel.diagnostics().plugins
  if (!sessions || !agents || (options.strict && problems.length > 0)) {
    await kernel.dispose()
    throw new RuntimeBootError(!sessions || !agents ? 'DSH_RUNTIME_BOOT' : 'DSH_PLUGIN_FAILED', problems, 'sessions/agents unavailable')
  }
  const answer = options.approval?.answer
  if (answer) ctx.on('approval/request', (request) => answer(request))
  const answerQuestion = options.userQuestions?.answer
  if (answerQuestion) ctx.get('userQuestions', false)?.registerProvider({ ask: async (request) => answerQuestion(request) })
  try {
    for (const skill of options.skills ?? []) ctx.get('skills', false)?.register(skill)
  } catch (error) {
    await kernel.dispose()
    throw error
  }
  for (const extra of options.plugins ?? []) {
    const [plugin, config] = Array.isArray(extra) ? extra : [extra, undefined]
    await ctx.plugin(plugin as never, config as never)
  }
  let disposed: Promise<void> | undefined
  return {
    ctx,
    sessions: {
      list: () => sessions.list(),
      get: (id) => sessions.get(id),
      read: (id) => sessions.read(id),
      fork: async (id, boundarySeq, childId) => (await sessions.fork(id, boundarySeq, childId)).id,
      delete: async (id) => {
        await agents.dispose(id)
        return sessions.delete(id)
      },
      export: (id) => sessions.export(id),
      import: (jsonl) => sessions.import(jsonl),
      flush: () => drainSessions(sessions),
      search: async (query, searchOptions) => {
        const service = ctx.get('sessionQuery', false)
        if (!service) throw new Error('session search is unavailable: the session-query plugin is disabled')
        return service.search(query, searchOptions?.limit === undefined ? {} : { limit: searchOptions.limit })
      },
    },
    open: async (id, agentOptions) => {
      const own = agentOptions === undefined ? {} : { agentOptions }
      return (id === undefined ? await agents.create(own) : await agents.resume({ resumeSessionId: id, ...own })).agent
    },
    dumpConfig: () => kernel.dumpConfig(),
    diagnostics: () => kernel.diagnostics(),
    dispose: () => (disposed ??= (async () => {
      await Promise.all(agents.list().map((agent) => agents.dispose(agent.id)))
      const { durable } = await drainSessions(sessions)
      await kernel.dispose()
      if (!durable) throw new SessionDrainError('dispose: some acknowledged session events could not be saved (see storage/error); export sessions you need before disposing')
    })()),
  }
}
