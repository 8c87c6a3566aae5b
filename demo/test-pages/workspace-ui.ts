/**
 * Test page: `<dsh-workspace for="agent">` with its `<dsh-agent id="agent">` slotted beside it,
 * configured from `window.dshTestConfig` (script, seed files, permissions, theme, lang) and loading
 * the workspace module only after the agent (as a page that adds it lazily would). Records the
 * agent's `dsh-*` events on `window.dshEvents`. Plane: main.
 * @module demo/test-pages/workspace-ui
 */
import '../../components/index.ts'

interface TestConfig { script?: unknown[]; workspace?: Record<string, string>; permissions?: string; theme?: string; lang?: string; workspaceProvider?: string; isolated?: boolean }
const config: TestConfig = (window as unknown as { dshTestConfig?: TestConfig }).dshTestConfig ?? {}
// `isolated: false`: the page reports it is not cross-origin isolated (as a host page without COOP/COEP would).
if (config.isolated === false) Object.defineProperty(window, 'crossOriginIsolated', { value: false })
const events: { type: string; detail: unknown }[] = []
Object.assign(window, { dshEvents: events })
const theme = config.theme ?? 'light'
document.body.classList.toggle('dark', theme === 'dark')

const workspace = document.createElement('dsh-workspace')
workspace.setAttribute('for', 'agent')
workspace.setAttribute('theme', theme)
workspace.setAttribute('lang', config.lang ?? 'en')
const agent = document.createElement('dsh-agent')
Object.assign(agent, { id: 'agent', slot: 'agent' })
agent.setAttribute('provider', 'scripted')
agent.setAttribute('script', JSON.stringify(config.script ?? [{ text: 'Hello from the scripted model.' }]))
agent.setAttribute('permissions', config.permissions ?? 'workspace-write')
if (config.workspaceProvider) agent.setAttribute('workspace-provider', config.workspaceProvider)
agent.setAttribute('storage', 'memory')
agent.setAttribute('workspace-id', `ws-${crypto.randomUUID().slice(0, 8)}`)
agent.setAttribute('workspace', JSON.stringify(config.workspace ?? {}))
agent.setAttribute('theme', theme)
agent.setAttribute('lang', config.lang ?? 'en')
for (const type of ['dsh-ready', 'dsh-turn-start', 'dsh-turn-end', 'dsh-error'] as const) {
  agent.addEventListener(type, (event) => {
    events.push({ type, detail: event.detail })
    if (type === 'dsh-ready') document.body.setAttribute('data-ready', '')
  })
}
workspace.append(agent)
document.body.append(workspace)
await import('../../components/dsh-workspace/dsh-workspace.ts')
