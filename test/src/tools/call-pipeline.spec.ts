// The tool-call pipeline loads with the first tool call, not with the registry: before that, the
// phased entry `begin` names what is missing; `execute` and a step's batch load it themselves.
import { describe, expect, it } from 'vitest'
import { createToolHarness, echoTool, resultText } from '../../harness/tool-harness.ts'
import { ToolPipelineNotLoadedError } from '../../../src/tools/index.ts'
import type { CallId } from '../../../src/util/brand.ts'

describe('tool-call pipeline, loaded on first use', () => {
  it('begin before any call loaded the pipeline throws ToolPipelineNotLoadedError; execute loads it, then begin works', async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    const input = { callId: 'c1' as CallId, name: 'echo', arguments: '{"text":"hi"}', signal: new AbortController().signal }
    expect(() => h.root.tools.begin(input)).toThrow(ToolPipelineNotLoadedError)
    expect(() => h.root.tools.begin(input)).toThrow(expect.objectContaining({ name: 'ToolPipelineNotLoadedError', code: 'TOOL_PIPELINE_NOT_LOADED' }))
    const result = await h.root.tools.execute(input)
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'hi' }] })
    const call = h.root.tools.begin({ ...input, callId: 'c2' as CallId })
    expect((await call.complete()).content).toEqual([{ type: 'text', text: 'hi' }])
  })

  it("a step's first batch loads the pipeline and logs the pair as before", async () => {
    const h = await createToolHarness()
    h.root.tools.register(echoTool())
    await h.batch([{ name: 'echo', arguments: '{"text":"first"}', callId: 'c1' }])
    expect(h.logged().map((e) => e.type)).toEqual(['tool/call', 'tool/result'])
    expect(resultText(h.results()[0]!)).toBe('first')
  })
})
