// The WebContainer bridge in Chromium: a worker (a bare test worker and the real agent worker)
// reaches the page-side WebContainer fake only through a transferred MessagePort — files, streamed
// jsh output, exit codes, kill on abort, and a named error once the page stops serving.
import { expect, test } from '@playwright/test'

type Worker = {
  realm(): Promise<{ worker: boolean; document: string }>
  read(p: string): Promise<string>
  write(p: string): Promise<void>
  run(c: string): Promise<{ stdout: string; exitCode: number | null }>
  start(id: string, c: string): Promise<void>
  output(id: string): Promise<string>
  stop(id: string): Promise<{ aborted: boolean; signal: string | null }>
  outcome(id: string): Promise<{ name?: string; code?: string; message?: string } | null>
  readError(p: string): Promise<{ code?: string; message?: string } | null>
}
type Bridge = {
  testWorker(): Promise<{ worker: Worker; closeHost(reason: string): void }>
  agentReads(path: string): Promise<string[]>
  pageFile(path: string): string | null
  spawned(): { command: string; args: string[]; cwd?: string; killed: boolean }[]
}
declare const wcBridge: Bridge
declare const bridged: { worker: Worker; closeHost(reason: string): void }

test.beforeEach(async ({ page }) => {
  await page.goto('/test-pages/webcontainer/index.html')
  await page.waitForSelector('body[data-ready="true"]')
  await page.evaluate(async () => Object.assign(window, { bridged: await wcBridge.testWorker() }))
})

test('the worker reads, writes and runs commands in the page-side container', async ({ page }) => {
  expect(await page.evaluate(() => bridged.worker.realm())).toEqual({ worker: true, document: 'undefined' })
  expect(await page.evaluate(() => bridged.worker.read('README.md'))).toBe('# mounted from the worker\n')
  expect(await page.evaluate(() => wcBridge.pageFile('README.md'))).toBe('# mounted from the worker\n')
  await page.evaluate(() => bridged.worker.write('notes/made.txt'))
  expect(await page.evaluate(() => wcBridge.pageFile('notes/made.txt'))).toBe('written in the worker\n')
  expect(await page.evaluate(() => bridged.worker.run('ls -la'))).toEqual({ stdout: 'page ran: ls -la\nrealm: object\n', exitCode: 7 })
  expect(await page.evaluate(() => wcBridge.spawned())).toEqual([{ command: 'jsh', args: ['-c', 'ls -la'], cwd: '.', killed: false }])
})

test('output streams while the command runs; aborting in the worker kills it on the page', async ({ page }) => {
  await page.evaluate(() => bridged.worker.start('dev', 'serve --port 3000'))
  await expect.poll(() => page.evaluate(() => bridged.worker.output('dev'))).toBe('listening\n')
  expect(await page.evaluate(() => wcBridge.spawned()[0]!.killed)).toBe(false)
  expect(await page.evaluate(() => bridged.worker.stop('dev'))).toEqual({ aborted: true, signal: 'SIGTERM' })
  await expect.poll(() => page.evaluate(() => wcBridge.spawned()[0]!.killed)).toBe(true)
})

test('once the page stops serving, running and later calls fail with a named error', async ({ page }) => {
  await page.evaluate(() => bridged.worker.start('dev', 'serve'))
  await expect.poll(() => page.evaluate(() => bridged.worker.output('dev'))).toBe('listening\n')
  await page.evaluate(() => bridged.closeHost('the element was removed'))
  expect(await page.evaluate(() => bridged.worker.outcome('dev'))).toEqual({
    name: 'WebContainerBridgeError', code: 'WEBCONTAINER_PAGE_GONE',
    message: "The page's WebContainer host went away (the element was removed); the call did not complete.",
  })
  expect(await page.evaluate(() => wcBridge.spawned()[0]!.killed)).toBe(true)
  expect(await page.evaluate(() => bridged.worker.readError('README.md'))).toEqual({
    code: 'FS_IO_ERROR', message: "I/O error on /workspace: The page's WebContainer host went away (the element was removed); the call did not complete.",
  })
})

test('the real agent worker takes the port through webcontainer.attach and its read tool reads the page-side file', async ({ page }) => {
  const results = await page.evaluate(() => wcBridge.agentReads('docs/guide.md'))
  expect(results).toHaveLength(1)
  expect(results[0]).toContain('seeded through the bridge')
  expect(await page.evaluate(() => wcBridge.pageFile('docs/guide.md'))).toBe('seeded through the bridge\n')
})
