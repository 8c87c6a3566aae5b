// The WebContainer shell over the API fake: jsh -c, streamed output, exit code, kill on abort,
// read-only refusal, and the page gating (no cross-origin isolation → named reason, no boot).
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import WebContainerFileSystem, { bootWebContainer, webContainerUnavailableReason } from '../../../src/fs-webcontainer/index.ts'
import WebContainerShell from '../../../src/shell-webcontainer/index.ts'
import { FakeWebContainer } from '../fs-webcontainer/fake-webcontainer.ts'

async function setup(sandboxMode: 'read-only' | 'workspace-write' = 'workspace-write') {
  const root = new Context()
  const fake = new FakeWebContainer()
  let boots = 0
  await root.plugin(WebContainerFileSystem, { files: { 'src/a.js': 'x' }, sandboxMode, boot: async () => (boots++, fake.asWebContainer()) })
  await root.plugin(WebContainerShell, {})
  return { root, fake, boots: () => boots }
}

describe('shell-webcontainer', () => {
  it('runs jsh -c in the workdir, streams output, reports the exit code; boots once', async () => {
    const { root, fake, boots } = await setup()
    fake.handler = () => ({ chunks: ['\u001b[32mone\u001b[0m\n', 'two\n'], exitCode: 3 })
    const process = root.shell.start(root.shell.resolve({ command: 'node a.js', workdir: 'src' }))
    const result = await process.done
    expect(fake.spawned[0]).toMatchObject({ command: 'jsh', args: ['-c', 'node a.js'], cwd: 'src' })
    expect(result).toMatchObject({ exitCode: 3, signal: null, timedOut: false, aborted: false, stdout: { text: 'one\ntwo\n', truncated: false } })
    expect(process.readOutput()).toEqual({ delta: 'one\ntwo\n', lossy: false })
    await root.shell.run(root.shell.resolve({ command: 'true' }))
    expect(boots()).toBe(1)
  })

  it('kills the process when the caller aborts and reports the first cause', async () => {
    const { root, fake } = await setup()
    fake.handler = () => ({ chunks: ['started\n'], hang: true })
    const controller = new AbortController()
    const running = root.shell.run(root.shell.resolve({ command: 'npm run dev', signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    controller.abort()
    const result = await running
    expect(fake.spawned[0]!.killed).toBe(true)
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGTERM', aborted: true, timedOut: false })
  })

  it('times out a hanging process and kill() ends a background one', async () => {
    const { root, fake } = await setup()
    fake.handler = () => ({ hang: true })
    expect(await root.shell.run(root.shell.resolve({ command: 'sleep', timeoutMs: 20 }))).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' })
    const background = root.shell.start(root.shell.resolve({ command: 'serve' }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(background.kill()).toBe(true)
    expect(await background.done).toMatchObject({ signal: 'SIGTERM' })
    expect(background.status).toBe('killed')
    expect(background.kill()).toBe(false)
  })

  it('refuses commands under a read-only sandbox (no OS sandbox in the container)', async () => {
    const { root, fake } = await setup('read-only')
    await expect(root.shell.run(root.shell.resolve({ command: 'rm -rf .' }))).rejects.toThrow('Sandbox (read-only) denies running commands')
    expect(fake.spawned).toEqual([])
  })

  it('needs fs-webcontainer as ctx.fs', async () => {
    const root = new Context()
    const { default: MemoryFileSystem } = await import('../../../src/fs-memory/index.ts')
    await root.plugin(MemoryFileSystem, { mirror: 'none' })
    await expect(async () => root.plugin(WebContainerShell, {})).rejects.toThrow('mount fs-webcontainer as ctx.fs')
  })
})

describe('WebContainer gating', () => {
  it('outside a cross-origin isolated page it gives the reason and never boots', async () => {
    expect(globalThis.crossOriginIsolated).not.toBe(true)
    expect(webContainerUnavailableReason()).toMatch(/^WebContainer needs a cross-origin isolated page/)
    await expect(bootWebContainer()).rejects.toMatchObject({ name: 'WebContainerUnavailableError', code: 'WEBCONTAINER_UNAVAILABLE' })
  })
})
