// Tool progress in the log: a body's reports become log-only tool/progress events on its call (declared, ignorable),
// spaced (a burst keeps its first report and the one that reaches the total), and the transcript shows the latest.
import { afterEach, describe, expect, it } from 'vitest'
import { createRuntime, type Runtime } from '../../../../src/index.ts'
import { defineTool } from '../../../../src/tools/index.ts'
import { foldAll } from '../../../../src/protocol/transcript.ts'
import type { SessionEvent } from '../../../../src/session/types.ts'

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

describe('tool-progress', () => {
  it('a burst of reports is logged as its first and its last (the one reaching total), on the call; the card folds the latest', async () => {
    runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ toolCalls: [{ name: 'work', arguments: {} }] }, { text: 'done' }] } })
    runtime.ctx.tools.register(defineTool({
      name: 'work', description: 'Works in five steps.', parameters: { type: 'object' },
      output: { schema: { type: 'string' }, render: (_args, text: string) => [{ type: 'text', text }] },
      execute: async (_args, exec) => {
        for (let step = 1; step <= 5; step++) exec.progress({ progress: step, total: 5, message: `step ${step}` })
        exec.progress({ progress: Number.NaN })
        return 'worked'
      },
    }))
    const agent = await runtime.open()
    agent.followup('go')
    await agent.whenIdle()
    const events = agent.session.events as readonly SessionEvent[]
    const callId = (events.find((e) => e.type === 'tool/call') as SessionEvent<'tool/call'>).data.callId
    expect(events.filter((e) => e.type === 'tool/progress').map((e) => ({ ignorable: e.ignorable, data: e.data }))).toEqual([
      { ignorable: true, data: { callId, progress: 1, total: 5, message: 'step 1' } },
      { ignorable: true, data: { callId, progress: 5, total: 5, message: 'step 5' } },
    ])
    const beforeResult = events.slice(0, events.findIndex((e) => e.type === 'tool/result'))
    const tool = foldAll(beforeResult.map((event) => ({ event }))).items.find((item) => item.kind === 'tool')
    expect(tool).toMatchObject({ callId, progress: { progress: 5, total: 5, message: 'step 5' } })
  })
})
