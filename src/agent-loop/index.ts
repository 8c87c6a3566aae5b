/**
 * The agent-loop plugin: `ctx.agents` (default export) plus the machine and the types plugins
 * need. Plane: worker. Importing this module also declares the `agent/*` events.
 * @module agent-loop/index
 */
import { AgentService } from './service.ts'

export default AgentService
export { AgentService, type Config, type CreateAgentOptions, type ResumeAgentOptions, type AgentHandle } from './service.ts'
export { agentLoopMachine, LoopImplementationMissingError, type AgentLoopMachine } from './machine.ts'
export { AgentInbox, InboxError, replayInbox } from './inbox.ts'
export { ModelVisibilityError, modelVisibilityProblem } from './invariant.ts'
export { PreStepDecisionError } from './pre-step.ts'
export { RUNTIME_CONTEXT_PLUGIN, NO_RUNTIME_CONTEXT } from './runtime-context.ts'
export type * from './events.ts'
export type * from './types.ts'
export type { PreStepDecision } from './loop-types.ts'
