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
    resize: (width, height) => page.setViewport({ width, height }),
    close: () => browser.close(),
  }
}
