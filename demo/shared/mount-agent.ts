/**
 * Mounts a keyless `<dsh-agent>` for a demo page: the scripted model (no key, no network), the
 * page's workspace, and page markers tests and readers can watch (`body[data-ready]`,
 * `body[data-turns]`, the status line), and in the built demo the offline service worker
 * (`dsh-agent-sw.js` at the site root, precaching every demo). Plane: main; demo code only.
 * @module demo/shared/mount-agent
 */
import '../../components/index.ts'
import type { DshAgent } from '../../components/index.ts'

export interface DemoAgentOptions {
  /** Scripted replies, in order; one per model request. */
  script: unknown[]
  /** Seed files `{path: content}` of the agent's workspace. */
  workspace?: Record<string, string>
  /** The workspace's storage key, so demos on one origin keep their files apart. */
  workspaceId: string
  storage?: 'memory' | 'indexeddb'
  /** `webcontainer` asks for a WebContainer workspace (used only when the page is cross-origin isolated). */
  workspaceProvider?: 'memory' | 'webcontainer'
  /** Further attributes of the element (`heading`, `suggestions`, `controls`, `mode`, …). */
  attributes?: Record<string, string>
  /** The element that is replaced by the agent. */
  slot: Element
  status: Element
}

/** Creates the element, wires the page markers and puts it in place of `slot`. */
export function mountDemoAgent(options: DemoAgentOptions): DshAgent {
  const agent = document.createElement('dsh-agent')
  const query = new URLSearchParams(location.search)
  agent.setAttribute('provider', 'scripted')
  agent.setAttribute('permissions', 'ask')
  agent.setAttribute('storage', options.storage ?? 'indexeddb')
  agent.setAttribute('script', JSON.stringify(options.script))
  if (options.workspace) agent.setAttribute('workspace', JSON.stringify(options.workspace))
  agent.setAttribute('workspace-id', options.workspaceId)
  agent.setAttribute('workspace-provider', options.workspaceProvider ?? 'memory')
  agent.setAttribute('lang', query.get('lang') === 'zh' ? 'zh' : 'en')
  // The build writes the worker beside the pages (the dev server has none).
  if (import.meta.env.PROD) agent.setAttribute('service-worker', `${import.meta.env.BASE_URL}dsh-agent-sw.js`)
  for (const [name, value] of Object.entries(options.attributes ?? {})) agent.setAttribute(name, value)
  let turns = 0
  agent.addEventListener('dsh-ready', () => document.body.setAttribute('data-ready', ''))
  agent.addEventListener('dsh-turn-end', () => document.body.setAttribute('data-turns', String(++turns)))
  agent.addEventListener('dsh-error', (event) => {
    options.status.textContent = `${event.detail.code}: ${event.detail.message}`
  })
  options.slot.replaceWith(agent)
  return agent
}

/** The element with `id`, or a named error (a demo page lost a landmark). */
export function byId(id: string): HTMLElement {
  const element = document.getElementById(id)
  if (!element) throw new Error(`demo page: #${id} is missing`)
  return element
}
