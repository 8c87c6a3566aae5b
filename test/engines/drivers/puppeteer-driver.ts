/**
 * EngineDriver over puppeteer-core: Chromium through the DevTools protocol, Firefox ESR through
 * WebDriver BiDi (no geckodriver). Never downloads a browser: the executable comes from
 * scripts/browsers.mjs (CHROMIUM_PATH, FIREFOX_PATH).
 * @module test/engines/drivers/puppeteer-driver
 */
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core'
import type { EngineDriver, ProbeCall } from './driver.ts'
import { PROBE_SOURCE } from './probe-source.ts'

type Probe = Record<ProbeCall, (...args: unknown[]) => unknown>

/**
 * `page.setViewport({width, height})`. Over BiDi puppeteer sends the viewport and a screen orientation
 * together; Firefox ESR 140 knows the first and answers the second with "unknown command". That one
 * refusal is tolerated once the page measures the width asked for; any other error stands.
 */
async function setViewport(page: Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height })
  } catch (error) {
    const message = String((error as Error).message)
    if (!message.includes('unknown command emulation.setScreenOrientationOverride')) throw error
    // Polled by evaluate: waitForFunction builds a Function, which the page's strict CSP refuses.
    for (const deadline = Date.now() + 10_000; (await page.evaluate(() => innerWidth)) !== width;) {
      if (Date.now() > deadline) throw new Error(`firefox: the viewport never became ${width} px wide`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

export async function launchPuppeteer(engine: 'chromium' | 'firefox', executablePath: string): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: engine === 'chromium' ? 'chrome' : 'firefox',
    executablePath,
    headless: true,
    args: engine === 'chromium' ? ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] : [],
    defaultViewport: { width: 1280, height: 800 },
  })
  const version = await browser.version()
  const page: Page = await browser.newPage()

  const element = async (selector: string): Promise<ElementHandle<Element>> => {
    const handle = await page.evaluateHandle((s) => (window as unknown as { dshProbe: { find(s: string): Element | null } }).dshProbe.find(s), selector)
    const found = handle.asElement() as ElementHandle<Element> | null
    if (!found) throw new Error(`${engine}: no element matches ${selector}`)
    return found
  }

  return {
    engine,
    version,
    narrowestWidth: 0,
    open: async (url) => { await page.goto(url, { waitUntil: 'load' }) },
    reload: async () => { await page.reload({ waitUntil: 'load' }) },
    inject: async () => { await page.evaluate(PROBE_SOURCE) },
    probe: <T>(name: ProbeCall, ...args: unknown[]) =>
      page.evaluate((n, a) => (window as unknown as { dshProbe?: Probe }).dshProbe?.[n as ProbeCall](...a), name, args) as Promise<T>,
    click: async (selector) => { await (await element(selector)).click() },
    type: async (selector, text) => { await (await element(selector)).type(text) },
    press: (key) => page.keyboard.press(key),
    upload: async (selector, file) => { await ((await element(selector)) as ElementHandle<HTMLInputElement>).uploadFile(file) },
    resize: (width, height) => setViewport(page, width, height),
    close: () => browser.close(),
  }
}
