/**
 * Live workspace notices for a page that watches (`workspace.watch`): every `fs/change` becomes a
 * `workspace.changed` notice and every shell run (the agent's `bash`, jobs, the person's terminal)
 * `shell.started` / `shell.output` / `shell.ended`, and the person's terminal commands run here
 * (`workspace.exec`, `workspace.kill`); the forwarding itself is workspace-events.ts (mounted with
 * every runtime), this module loads with the first workspace command. Plane: worker. Contract: nothing is forwarded while no page
 * watches (a page without `<dsh-workspace>` pays nothing); the listeners live on the runtime's
 * context, so a runtime restart drops them and the next runtime gets its own.
 * @module host/workspace-watch
 */
import type { NoticeSink } from './notice-sink.ts'
import type { HostRuntime } from './types.ts'
import type { ShellProcess } from '../shell/types.ts'
import { HostError } from './errors.ts'
import { workspaceFs } from './workspace-files.ts'
import { watching } from './workspace-events.ts'
import type {} from '../shell/shell-executor.ts'

/** The person's running commands, per runtime. */
const personRuns = new WeakMap<HostRuntime, Map<number, ShellProcess>>()

export function setWatching(sink: NoticeSink, on: boolean, runtime: HostRuntime): { root: string; streams: boolean } {
  if (on) watching.add(sink)
  else watching.delete(sink)
  return { root: workspaceFs(runtime).root, streams: runtime.ctx.get('shell', false)?.streams === true }
}

/** Starts the person's command on the workspace shell; its output goes out as `shell.*` notices. */
export function execForPerson(runtime: HostRuntime, command: string, workdir: string | undefined): { runId: number } {
  const shell = runtime.ctx.get('shell', false)
  if (!shell) throw new HostError('DSH_RUNTIME_CONTRACT', 'the runtime has no shell (ctx.shell)')
  const process = shell.start(shell.resolve({ command, origin: 'person', ...(workdir ? { workdir } : {}) }))
  const runId = process.runId!
  let runs = personRuns.get(runtime)
  if (!runs) personRuns.set(runtime, (runs = new Map()))
  runs.set(runId, process)
  void process.done.then(() => runs.delete(runId))
  return { runId }
}

/** Ctrl-C at the terminal: stops the person's run `runId` (the agent's runs are stopped from the transcript). */
export function killForPerson(runtime: HostRuntime, runId: number): { killed: boolean } {
  return { killed: personRuns.get(runtime)?.get(runId)?.kill() ?? false }
}
