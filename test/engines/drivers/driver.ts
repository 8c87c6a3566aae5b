/**
 * What the cross-engine flows need from a browser, one implementation per automation protocol:
 * puppeteer-core (Chromium over CDP, Firefox over WebDriver BiDi) and webdriverio (WebKitGTK over
 * classic WebDriver). Elements are named by a CSS selector matched through open shadow roots (the
 * page's probe.js finds them); clicks and keys are the driver's trusted input, never a script's.
 * @module test/engines/drivers/driver
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit'

/** Functions of the page's `window.dshProbe` (test/engines/site/probe.js). */
export type ProbeCall = 'find' | 'count' | 'visible' | 'text' | 'texts' | 'attr' | 'box' | 'viewport' | 'focused' | 'outline' | 'syntheticClick' | 'storageApi' | 'bootState' | 'record' | 'watch' | 'seen'

export interface EngineDriver {
  readonly engine: EngineName
  /** Browser name and version as the engine reports it. */
  readonly version: string
  open(url: string): Promise<void>
  reload(): Promise<void>
  /** Adds probe.js to a page that does not load it itself (a demo page); it sees only what happens after. */
  inject(): Promise<void>
  /** Calls `window.dshProbe[name](...args)` in the page; resolves its JSON result (`undefined` before the probe loaded). */
  probe<T>(name: ProbeCall, ...args: unknown[]): Promise<T>
  /** A trusted mouse click on the centre of the first element matching `selector`. */
  click(selector: string): Promise<void>
  /** Clicks the element matching `selector`, then types `text` into it with trusted key events. */
  type(selector: string, text: string): Promise<void>
  press(key: 'Tab' | 'Enter'): Promise<void>
  /** Chooses `file` (a local path) in the `<input type=file>` matching `selector`. */
  upload(selector: string, file: string): Promise<void>
  /** Sets the page's layout viewport (CSS px), or as close as the engine's window allows. */
  resize(width: number, height: number): Promise<void>
  /** The narrowest viewport `resize` can give (MiniBrowser's toolbar keeps its window wider than a phone). */
  readonly narrowestWidth: number
  close(): Promise<void>
}
