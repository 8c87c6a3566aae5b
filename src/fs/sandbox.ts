/**
 * Sandbox fences for file effects: `read-only` refuses every write, `workspace-write` confines
 * every path (read or write) to the root, `danger-full-access` is unconfined within the provider.
 * Plane: shared; pure. Contract: a refusal is FS_SANDBOX_DENIED naming only model-visible paths.
 * @module fs/sandbox
 */
import { FsError } from './errors.ts'
import { isWithin, normalizePath } from './path-policy.ts'
import type { SandboxMode, SandboxPolicy } from './types.ts'

export const SANDBOX_MODES: readonly SandboxMode[] = ['read-only', 'workspace-write', 'danger-full-access']

export type FsAccess = 'read' | 'write'

/** Whether `policy` allows `access` to `path`, without building an error (hot path of the shell). */
export function isAccessAllowed(policy: SandboxPolicy, workspaceRoot: string, path: string, access: FsAccess): boolean {
  if (policy.mode === 'danger-full-access') return true
  if (policy.mode === 'workspace-write' && !isWithin(policy.root === undefined ? workspaceRoot : normalizePath(policy.root), path)) return false
  return !(policy.mode === 'read-only' && access === 'write')
}

/**
 * Throws FS_SANDBOX_DENIED when `policy` forbids `access` to `path`.
 * @param workspaceRoot - the provider's root, used when the policy names none.
 * @param display - the path as the model wrote it (for the message).
 */
export function checkAccess(policy: SandboxPolicy, workspaceRoot: string, path: string, access: FsAccess, display: string): void {
  if (isAccessAllowed(policy, workspaceRoot, path, access)) return
  const root = policy.root === undefined ? workspaceRoot : normalizePath(policy.root)
  if (policy.mode === 'workspace-write' && !isWithin(root, path)) {
    throw new FsError('FS_SANDBOX_DENIED', `Sandbox (workspace-write) denies access to ${display}: it is outside the workspace root ${root}`)
  }
  if (policy.mode === 'read-only' && access === 'write') {
    throw new FsError('FS_SANDBOX_DENIED', `Sandbox (read-only) denies writing ${display}: the workspace is read-only`)
  }
}

/** Symbolic links are never created in the workspace, whatever the mode. */
export function symlinkRefused(display: string): FsError {
  return new FsError('FS_PERMISSION_DENIED', `Symbolic links are not supported in the workspace: ${display}`)
}
