/**
 * Test page for the side panels without a worker: `<dsh-session-list>` and `<dsh-settings>` with
 * properties set by the spec, and their request events recorded on `window.dshPanels.events`.
 * Plane: main.
 * @module demo/test-pages/panels
 */
import '../../components/dsh-session-list/dsh-session-list.ts'
import '../../components/dsh-settings/dsh-settings.ts'

const events: { type: string; detail: unknown; cancelable: boolean }[] = []
for (const name of ['dsh-session-action', 'dsh-settings-change'] as const) {
  document.addEventListener(name, (e) => events.push({ type: name, detail: e.detail, cancelable: e.cancelable }))
}
Object.assign(window, { dshPanels: { events } })
document.body.setAttribute('data-ready', '')
