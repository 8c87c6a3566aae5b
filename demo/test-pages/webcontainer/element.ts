/**
 * Test-only page: one `<dsh-agent workspace-provider="webcontainer">` with the scripted model;
 * `?isolated=0` makes the page report `crossOriginIsolated === false` before the element loads.
 * Records `dsh-*` events on `window.dshEvents`. Plane: main; test-only.
 * @module demo/test-pages/webcontainer/element
 */
if (new URLSearchParams(location.search).get('isolated') === '0') Object.defineProperty(window, 'crossOriginIsolated', { value: false })
await import('../../../components/index.ts')

export {}

const events: { type: string; detail: unknown }[] = []
Object.assign(window, { dshEvents: events })
const agent = document.createElement('dsh-agent')
for (const [name, value] of [['provider', 'scripted'], ['storage', 'memory'], ['workspace-provider', 'webcontainer'], ['script', '[{"text":"hi"}]']]) agent.setAttribute(name!, value!)
for (const type of ['dsh-ready', 'dsh-error'] as const) {
  agent.addEventListener(type, (event) => {
    events.push({ type, detail: event.detail })
    if (type === 'dsh-ready') document.body.setAttribute('data-ready', '')
  })
}
document.body.append(agent)
