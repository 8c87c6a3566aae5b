/**
 * What every fs tool does around its body: resolve the model's path and pick the sandbox
 * policy of the calling agent. Plane: worker. Contract: relative paths resolve against the root.
 * @module tool-fs/tool-context
 */
import type { Context } from '@deepseek-ai/cordis'
import { sandboxPolicyFor } from '../fs/sandbox-policy.ts'
import type { FsTarget, SandboxPolicy } from '../fs/types.ts'
import type { ToolExecution } from '../tools/types.ts'

export interface FsCall { target: FsTarget; policy: SandboxPolicy | undefined }

export function fsCall(ctx: Context, exec: ToolExecution, path: string): FsCall {
  return { target: ctx.fs.resolve(path, { signal: exec.signal }), policy: sandboxPolicyFor(ctx, exec.agent) }
}

/** Diff payloads larger than this are left out of result cards (the log stays small). */
export const MAX_CARD_TEXT = 100_000
