/**
 * ShellBackend running each command as `jsh -c <command>` in the page's WebContainer: output
 * streamed as it arrives (one terminal stream, ANSI codes stripped), exit code awaited, the
 * process killed on abort. Plane: worker/page. Contract: a read-only sandbox refuses commands,
 * since the container has no OS sandbox to enforce it.
 * @module shell-webcontainer/webcontainer-shell-backend
 */
import { FsError } from '../fs/errors.ts'
import type { FileSystem } from '../fs/file-system.ts'
import type { WebContainerLike } from '../fs-webcontainer/boot.ts'
import type { ShellBackend, ShellBackendOutcome, ShellExecSpec, ShellIo } from '../shell/types.ts'

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g')

export class WebContainerShellBackend implements ShellBackend {
  readonly streams = true
  private readonly fs: FileSystem
  private readonly container: () => Promise<WebContainerLike>

  constructor(fs: FileSystem, container: () => Promise<WebContainerLike>) {
    this.fs = fs
    this.container = container
  }

  async execute(spec: ShellExecSpec, io: ShellIo, signal: AbortSignal): Promise<ShellBackendOutcome> {
    if (this.fs.policy(spec.sandboxPolicy).mode === 'read-only') {
      throw new FsError('FS_SANDBOX_DENIED', 'Sandbox (read-only) denies running commands: the WebContainer shell cannot enforce a read-only workspace')
    }
    const workdir = this.fs.resolve(spec.workdir)
    this.fs.checkAccess(workdir, 'read', spec.sandboxPolicy)
    const stat = await this.fs.stat(workdir, signal, spec.sandboxPolicy)
    if (stat?.type !== 'directory') throw new Error(`workdir is not a directory: ${workdir.displayPath}`)
    const wc = await this.container()
    const cwd = workdir.targetKey === this.fs.root ? '.' : workdir.targetKey.slice(this.fs.root.length + 1)
    const process = await wc.spawn('jsh', ['-c', spec.command], { cwd, env: { ...spec.env, ...spec.dshEnv } })
    const kill = () => process.kill()
    if (signal.aborted) kill()
    signal.addEventListener('abort', kill, { once: true })
    try {
      const pumped = pump(process.output, io, signal)
      const exitCode = await Promise.race([process.exit, aborted(signal)])
      await Promise.race([pumped, aborted(signal)])
      return { exitCode, timedOut: false }
    } finally {
      signal.removeEventListener('abort', kill)
    }
  }
}

async function pump(output: ReadableStream<string>, io: ShellIo, signal: AbortSignal): Promise<void> {
  const reader = output.getReader()
  try {
    for (let chunk = await reader.read(); !chunk.done && !signal.aborted; chunk = await reader.read()) {
      io.stdout(chunk.value.replace(ANSI, ''))
    }
  } finally {
    reader.releaseLock()
  }
}

/** Settles (with `null`, no exit code) once `signal` fires, so a killed process never hangs the run. */
function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null)
    else signal.addEventListener('abort', () => resolve(null), { once: true })
  })
}
