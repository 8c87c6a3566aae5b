/**
 * An advisory loop-breaker, as dsh's `repeat-tool-guard`: it counts identical consecutive tool calls
 * of each agent (denied ones too: they pass `tools/post-execute` as well) and, at the configured run
 * lengths (default 3, 5, 8), adds a reminder to the call's result as an `additionalContexts` user
 * message with source `{kind:'plugin', plugin:'repeat-tool-guard'}` (the loop logs it after the
 * step's results): a short nudge at the first threshold, then the tool, the count and the capped
 * arguments. It never blocks or rewrites a call. The reader's message starts a new chain; chains
 * live in memory (a reopened session starts afresh). Plane: worker.
 * @module plugins/repeat-tool-guard/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import { createUserMessage } from '../../llm/messages.ts'
import type { UserMessage } from '../../llm/types.ts'
import type { ToolExecution } from '../../tools/types.ts'
import { advance, canonicalArguments, namePattern, type Chain } from './chain.ts'

export const name = 'repeat-tool-guard'

export interface Config {
  /** Run lengths that draw a reminder (integers ≥ 2, no duplicates; default `[3, 5, 8]`). */
  thresholds?: number[]
  /** `*`-wildcard tool names to track; empty: every tool. */
  include?: string[]
  /** Tool names that neither count nor break a chain (bookkeeping such as `todo_write`); default none. */
  exclude?: string[]
  /** Characters of the arguments quoted in the detailed reminder (default 500). */
  argumentsPreviewChars?: number
}

const SOURCE = { kind: 'plugin', plugin: name } as const

const GENTLE = 'You are repeating the exact same tool call with identical arguments. Look carefully at the previous result before calling again: '
  + 'if the task is not done, try a different approach or different arguments instead of repeating the call.'

function detailed(tool: string, count: number, args: string): string {
  return `Repeated tool call detected:\n- tool: ${tool}\n- consecutive_calls: ${count}\n- arguments: ${args}\n`
    + 'The repeated calls are not making progress. Do not call this tool with these exact arguments again. '
    + 'Inspect the latest result and choose a different action, different arguments, or finish the task if you have enough evidence.'
}

function preview(text: string, cap: number): string {
  return text.length <= cap ? text : `${text.slice(0, cap)}… (+${text.length - cap} more chars)`
}

/** @throws Error for thresholds or a preview cap that cannot work (at mount, never a silent default). */
function checkConfig(config: Config): Required<Config> {
  const thresholds = config.thresholds ?? [3, 5, 8]
  if (thresholds.length === 0) throw new Error('repeat-tool-guard: `thresholds` must not be empty')
  for (const value of thresholds) if (!Number.isInteger(value) || value < 2) throw new Error(`repeat-tool-guard: invalid threshold ${value}: every threshold must be an integer >= 2`)
  if (new Set(thresholds).size !== thresholds.length) throw new Error('repeat-tool-guard: `thresholds` must not contain duplicates')
  const argumentsPreviewChars = config.argumentsPreviewChars ?? 500
  if (!Number.isInteger(argumentsPreviewChars) || argumentsPreviewChars < 1) throw new Error(`repeat-tool-guard: invalid argumentsPreviewChars ${argumentsPreviewChars}: must be an integer >= 1`)
  return { thresholds: [...thresholds].sort((a, b) => a - b), include: config.include ?? [], exclude: config.exclude ?? [], argumentsPreviewChars }
}

/** The seq of the agent's latest message from the reader (-1: none). */
function lastReaderMessage(agent: Agent): number {
  const events = agent.session.events
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.type === 'user/message' && event.data.source.kind === 'user') return event.seq
  }
  return -1
}

export function apply(ctx: Context, raw: Config = {}): void {
  const config = checkConfig(raw)
  const include = config.include.map(namePattern)
  const exclude = config.exclude.map(namePattern)
  const tracked = (tool: string): boolean => (include.length === 0 || include.some((p) => p.test(tool))) && !exclude.some((p) => p.test(tool))
  const chains = new WeakMap<Agent, Chain>()

  function observe(exec: ToolExecution): UserMessage | undefined {
    if (!exec.agent || !tracked(exec.name)) return undefined // a direct `ctx.tools.execute()` has no model to remind
    const canonical = canonicalArguments(exec.args, exec.rawArguments)
    const chain = advance(chains.get(exec.agent), exec.name, canonical, lastReaderMessage(exec.agent))
    chains.set(exec.agent, chain)
    if (!config.thresholds.includes(chain.count)) return undefined
    const text = chain.count === config.thresholds[0] ? GENTLE : detailed(exec.name, chain.count, preview(canonical, config.argumentsPreviewChars))
    return createUserMessage(text, SOURCE)
  }

  // Count first, then let later listeners decide, then add the reminder to whatever they decided (a blocked call gets it too).
  ctx.on('tools/post-execute', async (exec, _result, next) => {
    const reminder = observe(exec)
    const decision = await next()
    return reminder ? { ...decision, additionalContexts: [reminder, ...decision.additionalContexts ?? []] } : decision
  })
}
