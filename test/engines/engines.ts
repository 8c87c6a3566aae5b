/**
 * The engines this run drives, as test/engines/run.mjs found them (env `DSH_ENGINES`, the result of
 * scripts/browsers.mjs `findEngines`): how to launch each, or why it is missing and the command
 * that installs it. Under CI a missing engine fails; elsewhere it is skipped with that message.
 * @module test/engines/engines
 */
import type { EngineDriver, EngineName } from './drivers/driver.ts'
import { launchPuppeteer } from './drivers/puppeteer-driver.ts'
import { launchWebKit } from './drivers/webdriver-driver.ts'

interface FoundEngines {
  found: Partial<Record<EngineName, Record<string, string>>>
  missing: Partial<Record<EngineName, string>>
  fix: Record<EngineName, string>
}

export interface EngineSetup {
  name: EngineName
  /** Why the engine is not there, with the command that installs it. */
  missing?: string
  /** The command that installs (or repairs) the engine. */
  fix: string
  launch(): Promise<EngineDriver>
}

export const ENGINE_NAMES: readonly EngineName[] = ['chromium', 'firefox', 'webkit']

function foundEngines(): FoundEngines {
  const raw = process.env.DSH_ENGINES
  if (raw) return JSON.parse(raw) as FoundEngines
  const message = 'no engines configured: run the suite with `node test/engines/run.mjs` (or `npm test`), which finds them'
  const fix = Object.fromEntries(ENGINE_NAMES.map((name) => [name, 'node test/engines/run.mjs'])) as Record<EngineName, string>
  return { found: {}, missing: Object.fromEntries(ENGINE_NAMES.map((name) => [name, message])), fix }
}

function launcher(name: EngineName, env: Record<string, string>): () => Promise<EngineDriver> {
  if (name === 'webkit') return () => launchWebKit({ driver: env.WEBKIT_DRIVER_PATH!, browser: env.MINIBROWSER_PATH!, xvfb: env.XVFB_PATH })
  return () => launchPuppeteer(name, (name === 'chromium' ? env.CHROMIUM_PATH : env.FIREFOX_PATH)!)
}

export function engineSetups(): EngineSetup[] {
  const { found, missing, fix } = foundEngines()
  return ENGINE_NAMES.map((name) => {
    const env = found[name]
    const unavailable = () => Promise.reject(new Error(missing[name] ?? `${name} was not found`))
    return { name, fix: fix[name], ...(env ? {} : { missing: missing[name] ?? `${name} was not found` }), launch: env ? launcher(name, env) : unavailable }
  })
}
