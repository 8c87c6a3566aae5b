/**
 * The package entry: the headless runtime (`createRuntime`), `defineTool`, and the public types.
 * Plane: worker/shared; runs in Node, in the worker and in a script. Names are public API.
 * @module index
 */
export { createRuntime, RuntimeBootError, type Runtime, type RuntimeBootCode, type RuntimeOptions, type RuntimeSessions } from './kernel/runtime.ts'
export { RuntimeOptionsError, type RuntimeLlmOptions, type RuntimeWorkspaceOptions } from './kernel/runtime-patches.ts'
export { defineTool } from './tools/define-tool.ts'
export { createUserMessage } from './llm/messages.ts'
export { agentLoopMachine } from './agent-loop/machine.ts'
export type { Agent, AgentOptions, AgentStatus, Inbox } from './agent-loop/types.ts'
export type * from './agent-loop/events.ts'
export type { ScriptedReply, ScriptedRequest } from './llm-scripted/types.ts'
export type { Message, UserMessage, AssistantMessage, ContentBlock, LlmFailure, LlmCallConfig, ModelInfo, ModelPricing, TokenUsage } from './llm/types.ts'
export type { UsageReport } from './llm/usage-report.ts'
export type { SessionEvent, SessionEventMap, TurnEndReason, AgentCancelCause, InboxTarget } from './session/types.ts'
export type { ToolDefinition } from './tools/types.ts'
export type { McpServerConfig } from './mcp-client/types.ts'
export type { ApprovalOutcome, ApprovalRequest, ApprovalPolicy, PermissionPreset } from './approval/types.ts'
export type { SessionId, MessageId, CallId } from './util/brand.ts'
export type { SessionReadView } from './session/read-view.ts'
// Coded errors: hosts raise and match them by class and `code`.
export { LlmError } from './llm/errors.ts'
export type { LlmErrorCode } from './llm/types.ts'
export { ToolError, type ToolErrorCode } from './tools/errors.ts'
export {
  SessionAppendError, SessionSeedError, SessionInvariantError, SessionForkError, SessionStoreError, SessionImportError, SessionDrainError,
  type SessionAppendErrorCode, type SessionSeedErrorCode, type SessionForkErrorCode, type SessionStoreErrorCode,
} from './session/errors.ts'
export { StorageError, SessionPersistenceError, type StorageErrorCode, type SessionPersistenceErrorCode } from './session-idb/errors.ts'
export { FsError, type FsErrorCode } from './fs/errors.ts'
export { AgentOptionsError } from './agent-loop/agent-options.ts'
export { ModelVisibilityError } from './agent-loop/invariant.ts'
