/**
 * Test page: mounts one `<dsh-agent>` configured from `window.dshTestConfig` (set by the test
 * before load) and records its `dsh-*` events on `window.dshEvents`. Plane: main.
 * @module demo/test-pages/agent
 */
import '../../components/index.ts'

interface TestConfig { script?: unknown[]; permissions?: string; storage?: string; theme?: string; lang?: string; session?: string; className?: string; provider?: string; baseUrl?: string; attributes?: Record<string, string> }
const config: TestConfig = (window as unknown as { dshTestConfig?: TestConfig }).dshTestConfig ?? {}
const events: { type: string; detail: unknown }[] = []
Object.assign(window, { dshEvents: events })

const agent = document.createElement('dsh-agent')
agent.setAttribute('provider', config.provider ?? 'scripted')
agent.setAttribute('script', JSON.stringify(config.script ?? [{ text: 'Hello from the scripted model.' }]))
agent.setAttribute('permissions', config.permissions ?? 'ask')
agent.setAttribute('storage', config.storage ?? 'indexeddb')
agent.setAttribute('theme', config.theme ?? 'light')
agent.setAttribute('lang', config.lang ?? 'en')
if (config.baseUrl) agent.setAttribute('base-url', config.baseUrl)
if (config.session) agent.setAttribute('session', config.session)
if (config.className) agent.className = config.className
for (const [name, value] of Object.entries(config.attributes ?? {})) agent.setAttribute(name, value)
for (const type of ['dsh-ready', 'dsh-turn-start', 'dsh-turn-end', 'dsh-error'] as const) {
  agent.addEventListener(type, (event) => {
    events.push({ type, detail: event.detail })
    if (type === 'dsh-ready') document.body.setAttribute('data-ready', '')
  })
}
document.body.append(agent)
