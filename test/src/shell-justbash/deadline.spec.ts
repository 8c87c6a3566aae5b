// just-bash's own execution deadline is a backstop behind the tool's timeout: a command it stops
// (its line reads `<command> exceeded its execution deadline`) is reported as timed out, and it
// fires only after the timeout, so a command that yields is stopped by the abort alone.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import { JustBashBackend } from '../../../src/shell-justbash/justbash-backend.ts'

async function backend() {
  const root = new Context()
  await root.plugin(MemoryFileSystem, { mirror: 'none' })
  return { root, shell: new JustBashBackend(root.fs, { limits: {}, env: {} }) }
}

function spec(root: Context, command: string, timeoutMs: number) {
  return { command, workdir: root.fs.root, timeoutMs, stdoutMaxBytes: 1 << 20, sandboxPolicy: undefined }
}

describe('just-bash deadline', () => {
  it('a command stopped by its own deadline (nothing aborted it) is timed out, after the timeout', async () => {
    const { root, shell } = await backend()
    const out: string[] = []
    const io = { stdout: (text: string) => void out.push(text), stderr: (text: string) => void out.push(text) }
    const started = performance.now()
    const outcome = await shell.execute(spec(root, 'sleep 5', 50), io, new AbortController().signal)
    expect(outcome.exitCode).toBe(124)
    expect(outcome.timedOut).toBe(true)
    expect(out.join('')).toMatch(/exceeded its execution deadline/)
    expect(performance.now() - started).toBeGreaterThanOrEqual(50)
  })
})
