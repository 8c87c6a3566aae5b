/**
 * `workspace.snapshot`: the workspace's text files as `{path: content}` for a page that shows them
 * (the playground's file tree). Plane: worker. Contract: read-only; at most `MAX_FILES` files and
 * `MAX_BYTES` characters, `truncated` says when more exist; a file that cannot be read is skipped.
 * @module host/workspace-snapshot
 */
import type { HostRuntime } from './types.ts'
import { HostError } from './errors.ts'
import type {} from '../fs/file-system.ts'

export const MAX_FILES = 200
export const MAX_BYTES = 1_000_000

export interface WorkspaceSnapshot {
  files: Record<string, string>
  truncated: boolean
}

export async function workspaceSnapshot(runtime: HostRuntime): Promise<WorkspaceSnapshot> {
  const fs = runtime.ctx.get('fs', false)
  if (!fs) throw new HostError('DSH_RUNTIME_CONTRACT', 'the runtime has no workspace (ctx.fs)')
  const matches = await fs.glob('**/*')
  const files: Record<string, string> = {}
  let bytes = 0
  for (const { target } of matches.slice(0, MAX_FILES)) {
    const text = await fs.readText(target).catch(() => undefined) // binary or vanished meanwhile: not shown
    if (text === undefined) continue
    if (bytes + text.length > MAX_BYTES) return { files, truncated: true }
    bytes += text.length
    files[target.displayPath] = text
  }
  return { files, truncated: matches.length > MAX_FILES }
}
