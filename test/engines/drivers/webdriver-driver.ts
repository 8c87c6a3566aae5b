/**
 * EngineDriver over webdriverio (classic WebDriver): WebKitGTK's MiniBrowser started by
 * WebKitWebDriver in automation mode, on the X display given (DISPLAY) or on a private Xvfb it
 * starts and stops (MiniBrowser has no headless mode). Classic WebDriver gives trusted input;
 * shadow roots are reached through the page's probe (execute), and the console is not readable.
 * @module test/engines/drivers/webdriver-driver
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { remote, Key } from 'webdriverio'
import type { EngineDriver, ProbeCall } from './driver.ts'
import { PROBE_SOURCE } from './probe-source.ts'

export interface WebKitPaths { driver: string; browser: string; xvfb?: string }

/** MiniBrowser's narrowest window under Xvfb (its toolbar's minimum width), measured with WebKitGTK 2.50. */
const NARROWEST_WINDOW = 447

type Probe = Record<ProbeCall, (...args: unknown[]) => unknown>

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts Xvfb on the first free display; resolves `:N` once it accepts clients (`-displayfd`). */
function startXvfb(path: string): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(path, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
  let stderr = ''
  xvfb.stderr!.on('data', (chunk) => { stderr += chunk })
  return new Promise((resolve, reject) => {
    xvfb.stdio[3]!.on('data', (chunk) => resolve({ display: `:${String(chunk).trim()}`, process: xvfb }))
    xvfb.once('error', (error) => reject(new Error(`Xvfb could not start: ${error.message}`)))
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before giving a display: ${stderr.trim().split('\n').pop() ?? ''}`)))
  })
}

/** Resolves once the driver answers on its port (it prints nothing useful when ready). */
async function waitForDriver(port: number, driver: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}`)
    const ready = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false)
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on port ${port} within ${timeoutMs} ms`)
}

export async function launchWebKit(paths: WebKitPaths): Promise<EngineDriver> {
  const xvfb = process.env.DISPLAY ? undefined : await startXvfb(paths.xvfb ?? 'Xvfb')
  const port = await freePort()
  const driver = spawn(paths.driver, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb?.display ?? process.env.DISPLAY } })
  const stop = () => { driver.kill(); xvfb?.process.kill() }
  try {
    await waitForDriver(port, driver)
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: paths.browser, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    })
    const version = `MiniBrowser (WebKitGTK ${browser.capabilities.browserVersion})`
    const element = async (selector: string) => {
      const reference = await browser.execute((s) => (window as unknown as { dshProbe: { find(s: string): Element | null } }).dshProbe.find(s), selector)
      if (!reference) throw new Error(`webkit: no element matches ${selector}`)
      return browser.$(reference as unknown as WebdriverIO.Element)
    }
    let chrome = { width: 0, height: 0 } // window size minus viewport, measured on the first resize
    return {
      engine: 'webkit',
      version,
      narrowestWidth: NARROWEST_WINDOW,
      open: async (url) => { await browser.url(url) },
      reload: async () => { await browser.refresh() },
      inject: async () => { await browser.execute(PROBE_SOURCE) },
      probe: <T>(name: ProbeCall, ...args: unknown[]) =>
        browser.execute((n, a) => (window as unknown as { dshProbe?: Probe }).dshProbe?.[n as ProbeCall](...(a as unknown[])), name, args) as Promise<T>,
      click: async (selector) => { await (await element(selector)).click() },
      type: async (selector, text) => {
        const target = await element(selector)
        await target.click()
        await target.addValue(text) // Element Send Keys: key actions drop a repeated letter in WebKitGTK ("hello" → "helo")
      },
      press: async (key) => { await browser.keys(key === 'Tab' ? Key.Tab : Key.Enter) },
      upload: async (selector, file) => { await (await element(selector)).addValue(file) },
      resize: async (width, height) => {
        if (chrome.width === 0 && chrome.height === 0) {
          const outer = await browser.getWindowSize()
          const inner = await browser.execute(() => ({ width: innerWidth, height: innerHeight }))
          chrome = { width: outer.width - inner.width, height: outer.height - inner.height }
        }
        await browser.setWindowSize(width + chrome.width, height + chrome.height)
      },
      close: async () => {
        await browser.deleteSession().catch(() => undefined)
        stop()
      },
    }
  } catch (error) {
    stop()
    throw error
  }
}
