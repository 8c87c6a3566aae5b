/**
 * The tools seam: `ctx.tools` (ToolRegistry, default export), `defineTool`, the batch scheduler
 * and the schema validator. Plane: worker. Contract: see README.md and dsh contracts §8.
 * @module tools/index
 */
export { ToolRegistry as default, ToolRegistry, type Config, type ScopeOption, type PendingCall } from './registry.ts'
export { defineTool, TOOL_NAME_PATTERN } from './define-tool.ts'
export { executeToolBatch, type ToolBatchInput, type ToolBatchCall, type ToolBatchOutcome } from './batch.ts'
export { validateJson } from './json-schema.ts'
export { TOOL_ORDER_REST, orderToolSchemas } from './tool-order.ts'
export { ToolError, type ToolErrorCode } from './errors.ts'
export type { ToolRestriction, ToolScope } from './layers.ts'
export type * from './types.ts'
