/**
 * Request routing for one attempt (dsh contracts §4.2 step 2): the `agent/request` waterfall
 * and its default, `llm.prepareCall`, and the `request/header` / `request/context` logging.
 * Plane: worker. Contract: after this returns, the folded header equals what will be sent; the
 * default config a listener's `next()` yields is frozen (switch by returning a replacement).
 * @module agent-loop/request-config
 */
import { LlmError } from '../llm/errors.ts'
import type { PreparedCall } from '../llm/runtime.ts'
import type { LlmCallConfig } from '../llm/types.ts'
import { renderPrompt } from '../prompt/render.ts'
import type { EpochHeader } from '../session/types.ts'
import type { LoopDeps } from './loop-deps.ts'
import type { RequestInput } from './loop-types.ts'
import { canonicalHeader, foldRequestHeader, headerEquals, pairLoggedTools } from './request-header.ts'

/** The default config: the agent's route on this instance's first request, else the logged one. */
function defaultConfig(deps: LoopDeps): LlmCallConfig {
  const { options } = deps.agent
  const logged = foldRequestHeader(deps.session).header?.config
  if (deps.instance.headerLogged && logged) {
    const config: LlmCallConfig = { ...logged }
    for (const key of deps.instance.adapterDefaulted) delete config[key]
    return config
  }
  const config: LlmCallConfig = { provider: options.provider ?? '', model: options.model ?? '' }
  if (options.maxTokens !== undefined) config.maxTokens = options.maxTokens
  if (logged?.reasoningEffort && logged.provider === config.provider && logged.model === config.model) config.reasoningEffort = logged.reasoningEffort
  return config
}

async function prepare(deps: LoopDeps, proposal: LlmCallConfig, signal: AbortSignal): Promise<PreparedCall> {
  if (!proposal.provider || !proposal.model) {
    throw new LlmError({ message: 'no model route: the agent has no provider/model (set agentOptions or an agent/request listener)', code: 'NO_ADAPTER' })
  }
  const prepared = await deps.services.llm.prepareCall(proposal, signal)
  deps.instance.adapterDefaulted = Object.keys(prepared.adapterDefaults) as (keyof LlmCallConfig)[]
  return prepared
}

function logHeader(deps: LoopDeps, header: EpochHeader): EpochHeader {
  const fold = foldRequestHeader(deps.session)
  const { session, instance } = deps
  const logged = !instance.headerLogged || !fold.header || !headerEquals(fold.header, header)
  if (logged) session.append('request/header', { header, reason: instance.headerLogged ? 'change' : fold.header ? 'resume' : 'initial' })
  instance.headerLogged = true
  const folded = foldRequestHeader(session).header!
  if (logged) pairLoggedTools(folded, header)
  return folded
}

function logContext(deps: LoopDeps, prepared: PreparedCall): void {
  const { provider, model } = prepared.config
  const contextWindow = prepared.context?.contextWindow ?? deps.services.llm.resolveModelInfo(provider, model)?.contextWindow
  const last = foldRequestHeader(deps.session).context
  if (last && last.provider === provider && last.model === model && last.contextWindow === contextWindow) return
  deps.session.append('request/context', contextWindow === undefined ? { provider, model } : { provider, model, contextWindow })
}

/**
 * Routes one attempt over the step's assembled prompt and logs its header.
 * @returns the prepared call and the folded (logged) header the request must match
 */
export async function routeRequest(deps: LoopDeps, input: RequestInput, signal: AbortSignal): Promise<{ prepared: PreparedCall; header: EpochHeader }> {
  const { services, agent } = deps
  const payload = { agent, turn: input.turn, step: input.step, signal }
  const proposal = await services.events.waterfall('agent/request', payload, async () => Object.freeze(defaultConfig(deps)))
  const prepared = await prepare(deps, proposal, signal)
  const header = logHeader(deps, canonicalHeader(prepared.config, renderPrompt(input.assembly), input.assembly.tools))
  logContext(deps, prepared)
  return { prepared, header }
}
