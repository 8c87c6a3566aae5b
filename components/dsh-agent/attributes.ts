/**
 * The attributes of `<dsh-agent>` (its public API, documented in the root README.md), declared
 * apart from its behaviour (`dsh-agent.element.ts`). Plane: main.
 * @attr mcp-servers - JSON array of MCP servers `[{"name", "url", "timeoutMs"?}]` (Streamable HTTP); bearer tokens are set in Settings, never in an attribute.
 * @attr page-tools - `webmcp`: the agent also adopts the tools the page registers through `document.modelContext.registerTool`.
 * @attr mode - `inline` (default: a box in the page) or `launcher` (a floating button that opens the widget as a panel, a full-height sheet on phones).
 * @attr open - launcher mode: whether the widget is open (state is kept while closed).
 * @attr gateway - with `provider="gateway"`: the site's gateway URL (see gateway/README.md); the page holds no key and shows no key field.
 * @attr controls - `full` (default) or `reader` (hides Compact, Sessions, Settings and Steer).
 * @attr heading - the empty chat's heading; also the region's label.
 * @attr header-title - the header's title (default `dsh-agent`); a `logo` slot puts the site's mark before it.
 * @attr placeholder - the message box's placeholder.
 * @attr suggestions - a JSON array of example questions, shown as chips in the empty chat; a click sends one.
 * @attr panel - the open side panel: `none` (default), `sessions` or `settings`.
 * @attr workspace-id - storage key of the workspace (default `default`); seed files apply only to a new one.
 * @attr session-scope - `workspace` (default: the session list and "the latest session" are this page's `workspace-id`'s, and sessions no page made, such as imports) or `all` (every session of the origin).
 * @attr workspace-provider - `memory` (default, the embedded workspace) or `webcontainer` (used when the page is cross-origin isolated; otherwise the `workspace-banner` part says why). Read once, at start.
 * @attr storage - `indexeddb` (default; the page then asks once for persistent storage) or `memory`.
 * @attr instructions - the site-wide instructions layer: inline text, or a same-origin URL of a text file.
 * @attr persona - the system-prompt persona.
 * @attr skills - URL of a JSON skill index `[{name, description, url}]`; bodies load on first use (cached in IndexedDB).
 * @attr web-fetch - the `web_fetch` allow-list: `self` (this site), URL prefixes (space-separated, may include `self`) or `off` (default).
 * @attr site-search - URL of the site's Pagefind bundle (e.g. `/pagefind/`): the agent gets `site_search` (falling back to the site's `/llms.txt`, then `/sitemap.xml`).
 * @attr service-worker - URL of the offline service worker (`dsh-agent-sw.js`, registered from the page's origin): the widget then keeps an offline copy, shows whether it is complete, and offers "Reload to update" when a new version waits. Absent: no service worker.
 * @attr service-worker-scope - the service worker's scope (default: its directory; above it the server must send `Service-Worker-Allowed`).
 * @attr theme - `auto` (default: the host page's color-scheme, else prefers-color-scheme), `light` or `dark`.
 * @module components/dsh-agent/attributes
 */
import { LitElement } from 'lit'
import { property } from 'lit/decorators.js'
import type { PermissionPreset } from '../../src/approval/types.ts'
import type { ProviderKind } from '../../src/protocol/index.ts'
import type { WorkspaceProvider } from './workspace-bridge.ts'

export class DshAgentAttributes extends LitElement {
  @property() provider: ProviderKind = 'openai-compatible'
  @property() model = ''
  @property({ attribute: 'base-url' }) baseUrl = ''
  @property() gateway = ''
  @property() script: string | null = null
  @property() src: string | null = null
  @property() session: string | null = null
  @property() workspace: string | null = null
  @property({ attribute: 'workspace-id' }) workspaceId = ''
  @property({ attribute: 'session-scope' }) sessionScope: 'workspace' | 'all' = 'workspace'
  @property({ attribute: 'workspace-provider' }) workspaceProvider: WorkspaceProvider = 'memory'
  @property({ attribute: 'mcp-servers' }) mcpServersAttr: string | null = null
  @property() permissions: PermissionPreset = 'ask'
  @property() storage: 'memory' | 'indexeddb' = 'indexeddb'
  @property() instructions: string | null = null
  @property() persona: string | null = null
  @property() skills: string | null = null
  @property({ attribute: 'web-fetch' }) webFetch: string | null = null
  /** `webmcp`: the tools the page registers through `document.modelContext.registerTool` are the agent's page tools too. */
  @property({ attribute: 'page-tools' }) pageToolsSource: 'own' | 'webmcp' = 'own'
  @property({ attribute: 'site-search' }) siteSearch: string | null = null
  @property({ attribute: 'service-worker' }) serviceWorker: string | null = null
  @property({ attribute: 'service-worker-scope' }) serviceWorkerScope: string | null = null
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto'
  @property() override lang = 'en'
  /** The side panel that is open: `sessions`, `settings` or `none`. */
  @property({ reflect: true }) panel: 'none' | 'sessions' | 'settings' = 'none'
  @property({ reflect: true }) mode: 'inline' | 'launcher' = 'inline'
  /** Launcher mode: the widget is open. */
  @property({ type: Boolean, reflect: true }) open = false
  @property({ reflect: true }) controls: 'reader' | 'full' = 'full'
  @property() heading = ''
  @property({ attribute: 'header-title' }) headerTitle = ''
  @property() placeholder = ''
  @property() suggestions: string | null = null
}
