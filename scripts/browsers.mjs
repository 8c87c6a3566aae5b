/**
 * Finds the browser engines the tests drive — Chromium, Firefox ESR, WebKitGTK (WebKitWebDriver,
 * MiniBrowser and Xvfb) — and never downloads a browser build: what is missing is installed from
 * Debian's packages with one `apt-get update` and one `apt-get install` when running as root on
 * Debian; otherwise each missing engine is reported with the command that installs it.
 * @module scripts/browsers
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

function commandPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : undefined
}

const firstExisting = (paths) => paths.find((path) => path && existsSync(path))

/** Playwright's own Chromium when one was installed (never downloaded here). */
async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test')
    return chromium.executablePath()
  } catch {
    return undefined // Playwright's registry has no browser for this platform: use the system one.
  }
}

/** `…/webkit2gtk-4.1/MiniBrowser` (or 4.0/6.0) under the multiarch library directory. */
function miniBrowser() {
  const libs = ['/usr/lib', ...(existsSync('/usr/lib') ? readdirSync('/usr/lib').filter((d) => d.endsWith('-linux-gnu')).map((d) => `/usr/lib/${d}`) : [])]
  return firstExisting(libs.flatMap((lib) => ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0'].map((v) => `${lib}/${v}/MiniBrowser`)))
}

/**
 * Each engine: the Debian packages that provide it and how to find its parts. `variables` point at
 * binaries instead (each must exist); `find` returns the paths as environment values.
 */
export const ENGINES = {
  chromium: {
    label: 'Chromium',
    packages: ['chromium'],
    variables: ['CHROMIUM_PATH'],
    find: (playwright) => {
      const path = process.env.CHROMIUM_PATH ?? firstExisting([playwright, '/usr/bin/chromium', commandPath('chromium')])
      return path && existsSync(path) ? { CHROMIUM_PATH: path } : undefined
    },
  },
  firefox: {
    label: 'Firefox ESR',
    packages: ['firefox-esr'],
    variables: ['FIREFOX_PATH'],
    find: () => {
      const path = process.env.FIREFOX_PATH ?? firstExisting(['/usr/bin/firefox-esr', commandPath('firefox-esr'), commandPath('firefox')])
      return path && existsSync(path) ? { FIREFOX_PATH: path } : undefined
    },
  },
  webkit: {
    label: 'WebKitGTK',
    packages: ['webkit2gtk-driver', 'xvfb'],
    variables: ['WEBKIT_DRIVER_PATH', 'MINIBROWSER_PATH'],
    find: () => {
      const driver = process.env.WEBKIT_DRIVER_PATH ?? commandPath('WebKitWebDriver')
      const browser = process.env.MINIBROWSER_PATH ?? miniBrowser()
      // An X display is needed (MiniBrowser has no headless mode): the one given, else Xvfb.
      const xvfb = process.env.DISPLAY ? undefined : commandPath('Xvfb')
      if (!driver || !browser || !existsSync(driver) || !existsSync(browser) || (!process.env.DISPLAY && !xvfb)) return undefined
      return { WEBKIT_DRIVER_PATH: driver, MINIBROWSER_PATH: browser, ...(xvfb ? { XVFB_PATH: xvfb } : {}) }
    },
  },
}

/** The command that installs `name`'s packages on Debian/Ubuntu. */
export const installCommand = (name) => `sudo apt-get install ${ENGINES[name].packages.join(' ')}`

const onDebianAsRoot = () => process.getuid?.() === 0 && existsSync('/etc/debian_version')

/** Runs one apt-get command with its output shown; returns whether it succeeded. */
function apt(args) {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  return result.status === 0
}

/** The variables of `name` that point at a file that does not exist. */
const wrongVariables = (name) => ENGINES[name].variables.filter((variable) => process.env[variable] && !existsSync(process.env[variable]))

/** Why `name` is missing, with the command that fixes it. */
function missingMessage(name) {
  const wrong = wrongVariables(name)
  if (wrong.length > 0) return `${ENGINES[name].label}: ${wrong.map((v) => `${v}=${process.env[v]}`).join(', ')} does not exist`
  return `${ENGINES[name].label} not found: install it with \`${installCommand(name)}\``
    + (name === 'webkit' ? ' (or set WEBKIT_DRIVER_PATH and MINIBROWSER_PATH, and DISPLAY when not using Xvfb)' : '')
}

/**
 * Finds every engine in `names`; installs the missing ones with apt-get when root on Debian.
 * @returns `{found: {name: env}, missing: {name: message}, fix: {name: command}}` — each message names the engine and the fixing command.
 */
export async function findEngines(names) {
  const playwright = names.includes('chromium') ? await playwrightChromium() : undefined
  const look = () => Object.fromEntries(names.map((name) => [name, ENGINES[name].find(playwright)]))
  let found = look()
  const absent = names.filter((name) => !found[name] && wrongVariables(name).length === 0)
  if (absent.length > 0 && onDebianAsRoot()) {
    const packages = absent.flatMap((name) => ENGINES[name].packages)
    console.log(`test: installing Debian packages for ${absent.map((name) => ENGINES[name].label).join(', ')}: ${packages.join(' ')} (apt-get)…`)
    if (apt(['update', '-qq'])) apt(['install', '-y', '-qq', ...packages])
    found = look()
  }
  return {
    found: Object.fromEntries(names.filter((name) => found[name]).map((name) => [name, found[name]])),
    missing: Object.fromEntries(names.filter((name) => !found[name]).map((name) => [name, missingMessage(name)])),
    fix: Object.fromEntries(names.map((name) => [name, installCommand(name)])),
  }
}
