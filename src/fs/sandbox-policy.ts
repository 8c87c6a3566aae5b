/**
 * The sandbox policy a tool call runs under: the agent's effective mode from
 * `ctx.permissions.sandboxMode(agent)` when that service exists, else the provider's own mode.
 * Plane: worker. Contract: `undefined` means "use the provider's configured mode".
 * @module fs/sandbox-policy
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../agent-loop/types.ts'
import type { SandboxMode, SandboxPolicy } from './types.ts'

interface PermissionsLike { sandboxMode?(agent: Agent): SandboxMode | undefined }

export function sandboxPolicyFor(ctx: Context, agent: Agent | undefined): SandboxPolicy | undefined {
  const permissions = ctx.get('permissions', false) as PermissionsLike | undefined
  const mode = agent ? permissions?.sandboxMode?.(agent) : undefined
  return mode ? { mode } : undefined
}
