/**
 * Builder for workspace tests: the tool harness (real ToolRegistry, approval, checked session)
 * plus the embedded workspace (fs-memory + shell-justbash, jobs), the observation policy and the core
 * tools, so calls run through the real pipeline. `call()` runs one tool call and returns its result text.
 * @module test/harness/workspace-harness
 */
import JobRegistry from '../../src/jobs/index.ts'
import MemoryFileSystem, { type Config as FsConfig } from '../../src/fs-memory/index.ts'
import JustBashShell, { type Config as ShellConfig } from '../../src/shell-justbash/index.ts'
import * as fsObservation from '../../src/plugins/fs-observation/index.ts'
import * as toolFs from '../../src/tool-fs/index.ts'
import * as toolShell from '../../src/tool-shell/index.ts'
import * as toolTodo from '../../src/tool-todo/index.ts'
import { createToolHarness, resultText } from './tool-harness.ts'

export interface WorkspaceHarnessOptions {
  fs?: FsConfig
  shell?: ShellConfig
}

export async function createWorkspaceHarness(options: WorkspaceHarnessOptions = {}) {
  const h = await createToolHarness({ approval: false })
  await h.root.plugin(MemoryFileSystem, { mirror: 'none', ...options.fs })
  await h.root.plugin(JustBashShell, options.shell ?? {})
  await h.root.plugin(JobRegistry)
  await h.root.plugin(fsObservation)
  await h.root.plugin(toolFs)
  await h.root.plugin(toolShell)
  await h.root.plugin(toolTodo)
  return {
    ...h,
    fs: h.root.fs,
    shell: h.root.shell,
    /** Runs one call through the pipeline; returns the logged result's text, error info and event. */
    async call(name: string, args: Record<string, unknown>) {
      await h.batch([{ name, arguments: JSON.stringify(args) }])
      const event = h.results().at(-1)!
      return { text: resultText(event), error: event.data.error, isError: event.data.message.content[0].isError === true, event }
    },
    read(path: string) {
      return h.root.fs.readText(h.root.fs.resolve(path))
    },
  }
}
