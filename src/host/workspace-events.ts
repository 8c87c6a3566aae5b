/**
 * Forwards a runtime's workspace events to a page that watches (`workspace.watch`): every
 * `fs/change` becomes a `workspace.changed` notice and every shell run `shell.started` /
 * `shell.output` / `shell.ended`. Mounted with every runtime (runtime-events.ts); the watch command
 * itself and the person's terminal are workspace-watch.ts, loaded with the first workspace command.
 * Plane: worker. Contract: nothing is forwarded while no page watches.
 * @module host/workspace-events
 */
import type { NoticeSink } from './notice-sink.ts'
import type { HostRuntime } from './types.ts'
import type { WorkspaceChange } from '../protocol/messages.ts'
import type {} from '../shell/shell-executor.ts'

/** Hosts (by their outbox) whose page watches the workspace. */
export const watching = new WeakSet<NoticeSink>()

/** `absolute` as the page names it: relative to the root (`''` is the root); outside the root it stays absolute. */
export function relativePath(root: string, absolute: string): string {
  if (absolute === root) return ''
  const prefix = root.endsWith('/') ? root : `${root}/`
  return absolute.startsWith(prefix) ? absolute.slice(prefix.length) : absolute
}

/** Forwards the runtime's workspace events to `sink` while it watches. */
export function forwardWorkspaceEvents(sink: NoticeSink, runtime: HostRuntime): void {
  const { ctx } = runtime
  const root = () => ctx.get('fs', false)?.root ?? '/'
  ctx.on('fs/change', (change) => {
    if (!watching.has(sink)) return
    const path = relativePath(root(), change.path)
    const view: WorkspaceChange = change.kind === 'rename' ? { kind: 'rename', path, to: relativePath(root(), change.to) } : { ...change, path }
    sink.post({ kind: 'workspace.changed', changes: [view] })
  })
  ctx.on('shell/start', (run) => {
    if (watching.has(sink)) sink.post({ kind: 'shell.started', run: { ...run, workdir: relativePath(root(), run.workdir) } })
  })
  ctx.on('shell/output', (runId, stream, chunk) => {
    if (watching.has(sink)) sink.post({ kind: 'shell.output', runId, stream, chunk })
  })
  ctx.on('shell/end', (runId, result) => {
    if (!watching.has(sink)) return
    sink.post({ kind: 'shell.ended', runId, exitCode: result.exitCode, signal: result.signal, ...(result.limit ? { limit: result.limit } : {}) })
  })
}
