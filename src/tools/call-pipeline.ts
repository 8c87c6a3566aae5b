/**
 * The tool-call pipeline (pipeline.ts: the gates of one call; batch.ts: a step's scheduler; and what
 * only they use — outcomes, the ask gate, signal fusion) loads with the first tool call, not with the
 * registry: a turn that calls no tool never fetches it. Plane: worker.
 * Contract: `executeToolBatch` and `ctx.tools.execute` load it first; `ctx.tools.begin` needs it loaded
 * (`ToolPipelineNotLoadedError` otherwise). A failed load is a `PluginLoadError` (`PLUGIN_LOAD_FAILED`)
 * and the next call loads again.
 * @module tools/call-pipeline
 */
import { lazyPart } from '../kernel/lazy-plugin.ts'
import type { ToolBatchInput, ToolBatchOutcome } from './batch.ts'

type Pipeline = typeof import('./pipeline.ts') & typeof import('./batch.ts')

let loaded: Pipeline | undefined

/** Imports the pipeline (once; again after a failure). */
export const loadPipeline = lazyPart('tools: call pipeline', async (): Promise<Pipeline> => {
  const [pipeline, batch] = await Promise.all([import('./pipeline.ts'), import('./batch.ts')])
  return (loaded = { ...pipeline, ...batch })
})

/** Raised by `ctx.tools.begin` before any call loaded the pipeline. */
export class ToolPipelineNotLoadedError extends Error {
  override readonly name = 'ToolPipelineNotLoadedError'
  readonly code = 'TOOL_PIPELINE_NOT_LOADED'
}

/** The loaded pipeline. @throws ToolPipelineNotLoadedError before `loadPipeline()` resolved */
export function loadedPipeline(): Pipeline {
  if (!loaded) throw new ToolPipelineNotLoadedError('the tool-call pipeline is not loaded yet: await ctx.tools.core.loadPipeline() before begin() (execute and executeToolBatch load it)')
  return loaded
}

/**
 * Runs one step's tool calls through `ctx.tools` and logs them (batch.ts), loading the pipeline first.
 * @throws PluginLoadError when the pipeline does not load (nothing was logged); else as batch.ts'.
 */
export async function executeToolBatch(input: ToolBatchInput): Promise<ToolBatchOutcome> {
  return (await loadPipeline()).executeToolBatch(input)
}
