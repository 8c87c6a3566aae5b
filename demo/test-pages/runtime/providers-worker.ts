/**
 * Test-only worker: one agent turn through the headless runtime (real IndexedDB) with an HTTP
 * provider aimed at the spec's local server, reporting what the session log recorded.
 * @module demo/test-pages/runtime/providers-worker
 */
import * as Comlink from 'comlink'
import { createRuntime, type RuntimeLlmOptions } from '../../../src/index.ts'

export interface TurnReport {
  /** Event types in log order. */
  types: string[]
  turnEnd: unknown
  toolResult: string | undefined
  finalText: string | undefined
  /** The providers named by the logged assistant messages. */
  providers: string[]
}

const api = {
  async turn(llm: RuntimeLlmOptions & { provider: 'openai-compatible' | 'openai-responses' | 'anthropic' | 'gemini' }): Promise<TurnReport> {
    const runtime = await createRuntime({ storage: 'indexeddb', llm, workspace: { provider: 'memory', files: { 'a.md': '# Heading A\n' }, id: `providers-${llm.provider}` } })
    try {
      const agent = await runtime.open()
      agent.followup('What is in a.md?')
      await agent.whenIdle()
      await runtime.sessions.flush()
      const stored = (await runtime.sessions.read(agent.id))!.events
      const result = stored.find((e) => e.type === 'tool/result')
      const assistants = stored.flatMap((e) => (e.type === 'assistant/message' ? [e.data.message] : []))
      const last = assistants.at(-1)?.content.find((b) => b.type === 'text')
      const resultBlock = result?.type === 'tool/result' ? result.data.message.content[0].content[0] : undefined
      return {
        types: stored.map((e) => e.type),
        turnEnd: stored.findLast((e) => e.type === 'turn/end')?.data,
        toolResult: resultBlock?.type === 'text' ? resultBlock.text : undefined,
        finalText: last?.type === 'text' ? last.text : undefined,
        providers: assistants.map((m) => m.source.provider),
      }
    } finally {
      await runtime.dispose()
    }
  },
}

export type ProvidersTestApi = typeof api
Comlink.expose(api)
