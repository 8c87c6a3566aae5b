/**
 * Model-visible-means-logged (dsh contracts §5): a prepended `llm/stream` listener that refuses
 * an agent request unless it is frozen, its step and header are logged, its messages are the
 * log's derivation and its config is the folded header. Plane: worker. Incremental: O(messages)
 * pointer compares, JSON only for an element that is not the stored object.
 * @module agent-loop/invariant
 */
import type { Context } from '@deepseek-ai/cordis'
import { callConfigEquals } from '../llm/runtime.ts'
import type { GenerateOptions, Message, ToolSchema } from '../llm/types.ts'
import type { Session } from '../session/session.ts'
import { foldRequestHeader } from './request-header.ts'

/** A request carries something the session log cannot rebuild; the step fails. */
export class ModelVisibilityError extends Error {
  override readonly name = 'ModelVisibilityError'
  readonly code = 'MODEL_VISIBLE_UNLOGGED'
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

function sameMessages(sent: readonly Message[], derived: readonly Message[]): boolean {
  if (sent === derived) return true
  return sent.length === derived.length && sent.every((message, i) => sameJson(message, derived[i]))
}

function sameTools(sent: readonly ToolSchema[] = [], logged: readonly ToolSchema[] = []): boolean {
  return sent === logged || (sent.length === logged.length && sent.every((tool, i) => sameJson(tool, logged[i])))
}

/** @returns why `request` is not rebuildable from `session`, or undefined when it is. */
export function modelVisibilityProblem(request: GenerateOptions, session: Session | undefined): string | undefined {
  if (!Object.isFrozen(request) || !Object.isFrozen(request.messages)) return 'the request or its messages are not frozen'
  if (!session || session.isClosed) return `session ${request.sessionId} is not live`
  if (session.openStep === undefined) return 'no step is open in the log'
  const header = foldRequestHeader(session).header
  if (!header) return 'no request/header is logged'
  if (!sameMessages(request.messages, session.sharedMessages())) return 'messages differ from the log derivation'
  if (!callConfigEquals(request, header.config)) return 'call config differs from the logged request/header'
  if ((request.system ?? '') !== (header.system ?? '')) return 'system prompt differs from the logged request/header'
  if (!sameTools(request.tools, header.tools)) return 'tools differ from the logged request/header'
  return undefined
}

/**
 * Prepends the check on `llm/stream` for requests of sessions `driven` returns (agent sessions;
 * calls with a `purpose`, like compaction, are the caller's own).
 * @returns the listener's disposer
 */
export function installModelVisibilityCheck(ctx: Context, driven: (sessionId: string) => Session | undefined | false): () => boolean {
  return ctx.on('llm/stream', (request, next) => {
    if (request.purpose === undefined && request.sessionId !== undefined) {
      const session = driven(request.sessionId)
      if (session !== false) {
        const problem = modelVisibilityProblem(request, session)
        if (problem) throw new ModelVisibilityError(`model-visible-means-logged: ${problem} (session ${request.sessionId})`)
      }
    }
    return next()
  }, { prepend: true })
}
