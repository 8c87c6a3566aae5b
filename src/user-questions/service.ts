/**
 * `ctx.userQuestions`: one answerer (the page bridge or the headless option) and `ask()`, which
 * fails closed exactly like approval: aborted, no answerer, page gone, a caller that is not the
 * live agent or is owned by another live agent, or a malformed reply → a `UserQuestionError`
 * (the tool turns it into an error result the model reads). Plane: worker.
 * @module user-questions/service
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../agent-loop/types.ts'
import { askAborted, questionUnavailable, UserQuestionError } from './errors.ts'
import type { AskUserQuestionAnswer, AskUserQuestionRequest, UserQuestionOutcome, UserQuestionProvider } from './types.ts'
import { lazyPart } from '../kernel/lazy-plugin.ts'

/** The question and answer checks load with the first question (a first turn asks none). */
const validation = lazyPart('user-questions: validation', () => import('./validate.ts'))

declare module '@deepseek-ai/cordis' {
  interface Context {
    userQuestions: UserQuestionService
  }
}

/** The session that owns `agent` while it runs, when that owner is live here (a delegated child). */
function liveOwner(ctx: Context, agent: Agent): Agent | undefined {
  const { delegationDepth, parentSession } = agent.session.header
  if (!delegationDepth || parentSession === undefined) return undefined
  return ctx.get('agents')?.get(parentSession)
}

export class UserQuestionService extends Service {
  private provider: UserQuestionProvider | undefined

  constructor(ctx: Context) {
    super(ctx, 'userQuestions')
  }

  /** Registers the answerer; only one may be active. @returns its disposer */
  registerProvider(provider: UserQuestionProvider): () => Promise<void> {
    if (this.provider !== undefined) throw new UserQuestionError('DUPLICATE_PROVIDER', 'a user-questions provider is already registered')
    return this.ctx.effect(() => {
      this.provider = provider
      return () => {
        if (this.provider === provider) this.provider = undefined
      }
    }, 'userQuestions.registerProvider()')
  }

  /** Asks and waits for the answer. @throws UserQuestionError (see the module header); PluginLoadError when validate.ts does not load */
  async ask(request: AskUserQuestionRequest): Promise<AskUserQuestionAnswer> {
    const { canonicalAnswer, checkQuestions } = await validation()
    if (request.signal?.aborted) throw askAborted()
    checkQuestions(request.questions)
    const agent = request.agent
    if (agent !== undefined) {
      if (this.ctx.get('agents')?.get(agent.id) !== agent) {
        throw new UserQuestionError('CALLER_NOT_LIVE', 'human interaction requires the exact live calling agent when an agent is supplied')
      }
      if (liveOwner(this.ctx, agent) !== undefined) {
        throw new UserQuestionError('DELEGATED_CALLER', "human interaction is unavailable while the calling agent is owned by another live agent; include the unresolved question or decision in the child agent's final result")
      }
    }
    const provider = this.provider
    if (provider === undefined) throw new UserQuestionError('NO_PROVIDER', 'no user-questions provider is registered')
    const outcome = await this.waitFor(provider, request)
    if (request.signal?.aborted) throw askAborted()
    const answer = outcome === 'unavailable' ? undefined : canonicalAnswer(request.questions, outcome)
    if (answer === undefined) throw questionUnavailable()
    return answer
  }

  /** The provider's outcome; a throwing provider is `unavailable`, an abort rejects at once. */
  private waitFor(provider: UserQuestionProvider, request: AskUserQuestionRequest): Promise<UserQuestionOutcome> {
    const signal = request.signal
    return new Promise<UserQuestionOutcome>((resolve, reject) => {
      const onAbort = () => reject(askAborted())
      signal?.addEventListener('abort', onAbort, { once: true })
      Promise.resolve()
        .then(() => provider.ask(Object.freeze({ ...request })))
        .catch((error: unknown) => {
          this.ctx.logger('user-questions').warn(`answerer failed: ${error instanceof Error ? error.message : String(error)}`)
          return 'unavailable' as const
        })
        .then((outcome) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(outcome)
        })
    })
  }
}

export default UserQuestionService
