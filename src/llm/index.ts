/**
 * The model seam's public surface: the `ctx.llm` service (default export) plus the
 * vocabulary helpers consumers need. Plane: worker/shared; no DOM.
 * @module llm/index
 */
import { LlmRuntime } from './runtime.ts'

export default LlmRuntime
export { LlmRuntime, callConfigEquals, type PreparedCall, type AdapterDefaults } from './runtime.ts'
export { BlockAssembler, type AssembledResponse } from './block-assembler.ts'
export { LlmError, LLM_ERROR_RETRYABLE, DEFAULT_RETRY_POLICY, isRetryable, failureOf, errorChain, codeForHttpStatus } from './errors.ts'
export { createUserMessage, createAssistantMessage, createToolResultMessage } from './messages.ts'
export { ModelCatalog, DEEPSEEK_MODELS, type ModelEntry } from './model-catalog.ts'
export { estimateTextTokens, estimateBlockTokens, estimateMessageTokens, estimateRequestTokens, usageTotal, addUsage } from './token-estimate.ts'
export { RequestTokenTally, estimateToolsTokens } from './token-tally.ts'
export { measureContext, usageByStep, sessionUsage, type ContextMeasure, type StepUsage } from './token-meter.ts'
export { usageReport, costOf, type UsageReport } from './usage-report.ts'
export { checkChunkSequence } from './invariant.ts'
export type * from './types.ts'
