/**
 * `agent.usage()`: the usage report (llm/usage-report) of an agent's session, with the model
 * catalog's windows and prices and compaction's threshold when those plugins are mounted.
 * Plane: worker. @module agent-loop/usage
 */
import type { Context } from '@deepseek-ai/cordis'
import { usageReport, type UsageReport } from '../llm/usage-report.ts'
import type { Session } from '../session/session.ts'
import type {} from '../llm/index.ts'
import type {} from '../plugins/compaction/index.ts'

export function agentUsage(root: Context, session: Session): UsageReport {
  const header = session.lastOfType('request/header')?.data.header
  const llm = root.get('llm', false)
  const threshold = root.get('compaction', false)?.threshold(session)
  return usageReport({
    events: session.events, messages: session.sharedMessages(),
    ...(header?.system === undefined ? {} : { system: header.system }), ...(header?.tools === undefined ? {} : { tools: header.tools }),
    ...(llm ? { info: (provider: string, model: string) => llm.resolveModelInfo(provider, model) } : {}),
    ...(threshold === undefined ? {} : { compactionThreshold: threshold }),
  })
}
