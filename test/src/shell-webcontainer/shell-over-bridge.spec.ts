// The WebContainer shell with the container on the page: jsh -c through the bridge over a real
// MessageChannel, output streamed chunk by chunk, the exit code, kill on abort reaching the page,
// and a page that goes away failing running and pending calls with a named error (never hanging).
import { Context } from '@deepseek-ai/cordis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import WebContainerFileSystem from '../../../src/fs-webcontainer/index.ts'
import WebContainerShell from '../../../src/shell-webcontainer/index.ts'
import { bridgedFake, closeAll } from '../fs-webcontainer/bridged-fake.ts'

afterAll(closeAll)

async function setup() {
  const bridge = bridgedFake()
  const root = new Context()
  await root.plugin(WebContainerFileSystem, { files: { 'src/a.js': 'x' }, boot: () => bridge.proxy.boot() })
  await root.plugin(WebContainerShell, {})
  return { root, ...bridge }
}

const pageGone = { name: 'WebContainerBridgeError', code: 'WEBCONTAINER_PAGE_GONE' }

describe('shell-webcontainer over the page bridge', () => {
  it('runs jsh -c in the workdir on the page and reports output and the exit code', async () => {
    const { root, fake } = await setup()
    fake.handler = () => ({ chunks: ['\u001b[32mone\u001b[0m\n', 'two\n'], exitCode: 3 })
    const result = await root.shell.run(root.shell.resolve({ command: 'node a.js', workdir: 'src', env: { MODE: 'x' } }))
    expect(fake.spawned[0]).toMatchObject({ command: 'jsh', args: ['-c', 'node a.js'], cwd: 'src' })
    expect(result).toMatchObject({ exitCode: 3, signal: null, aborted: false, stdout: { text: 'one\ntwo\n', truncated: false } })
  })

  it('streams each chunk to the worker while the process is still running', async () => {
    const { proxy, fake } = await setup()
    fake.handler = () => ({ chunks: ['first\n', 'second\n'], hang: true })
    const process = await proxy.spawn('jsh', ['-c', 'serve'], {})
    const reader = process.output.getReader()
    expect(await reader.read()).toEqual({ done: false, value: 'first\n' })
    expect(await reader.read()).toEqual({ done: false, value: 'second\n' })
    expect(fake.spawned[0]!.killed).toBe(false)
    process.kill()
    expect(await reader.read()).toEqual({ done: true, value: undefined })
    expect(await process.exit).toBe(143)
    expect(fake.spawned[0]!.killed).toBe(true)
  })

  it('an abort in the worker kills the process on the page', async () => {
    const { root, fake } = await setup()
    fake.handler = () => ({ chunks: ['started\n'], hang: true })
    const controller = new AbortController()
    const process = root.shell.start(root.shell.resolve({ command: 'npm run dev', signal: controller.signal }))
    await vi.waitFor(() => expect(process.readOutput().delta).toBe('started\n'))
    controller.abort()
    const running = process.done
    expect(await running).toMatchObject({ exitCode: null, signal: 'SIGTERM', aborted: true })
    await vi.waitFor(() => expect(fake.spawned[0]!.killed).toBe(true))
  })

  it('a page that goes away fails the running command and later calls with WEBCONTAINER_PAGE_GONE, and kills its processes', async () => {
    const { root, fake, host } = await setup()
    fake.handler = () => ({ chunks: ['working\n'], hang: true })
    const process = root.shell.start(root.shell.resolve({ command: 'sleep 100' }))
    await vi.waitFor(() => expect(process.readOutput().delta).toBe('working\n'))
    host.close('the element was removed')
    await process.done
    expect(process.failure).toMatchObject({ ...pageGone, message: "The page's WebContainer host went away (the element was removed); the call did not complete." })
    expect(fake.spawned[0]!.killed).toBe(true)
    const read = root.fs.readText(root.fs.resolve('src/a.js'))
    await expect(read).rejects.toMatchObject({ name: 'FsError', code: 'FS_IO_ERROR' })
    await expect(read).rejects.toThrow("I/O error on /workspace/src: The page's WebContainer host went away (the element was removed)")
  })
})
