/**
 * Playground demo: `<dsh-workspace>` (file tree, editor, terminal, preview) on the workspace of the
 * `<dsh-agent>` slotted beside it — one workspace for the person and the agent; says which shell
 * runs and offers a WebContainer when the page is cross-origin isolated (`?workspace=webcontainer`),
 * saying why not otherwise. Plane: main; demo code only.
 * @module demo/playground/main
 */
import '../../components/dsh-workspace/dsh-workspace.ts'
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import script from './script.json'
import { seedFiles } from './workspace.ts'

const isolated = globalThis.crossOriginIsolated === true
const webContainer = isolated && new URLSearchParams(location.search).get('workspace') === 'webcontainer'
const lang = new URLSearchParams(location.search).get('lang') === 'zh' ? 'zh' : 'en'
byId('workspace').setAttribute('lang', lang)

mountDemoAgent({
  script, workspace: seedFiles, workspaceId: 'playground', workspaceProvider: webContainer ? 'webcontainer' : 'memory',
  slot: byId('agent-slot'), status: byId('status'), attributes: { id: 'agent', slot: 'agent' },
})

function shellNote(): (string | HTMLElement)[] {
  const link = (text: string, search: string): HTMLAnchorElement => Object.assign(document.createElement('a'), { href: `./${search}`, textContent: text })
  if (webContainer) {
    return ['Shell: a WebContainer (Node.js in the browser, booted from StackBlitz; it needs the network and StackBlitz’s terms apply). ', link('Use the embedded shell instead', '')]
  }
  if (isolated) {
    return ['Shell: the embedded in-browser shell (just-bash). This page is cross-origin isolated, so a WebContainer can run here instead: ',
      link('use a WebContainer', '?workspace=webcontainer'), ' (boots from StackBlitz, needs the network, StackBlitz’s terms apply).']
  }
  return ['Shell: the embedded in-browser shell (just-bash). WebContainer is not offered: this page is not cross-origin isolated (it needs the COOP: same-origin and COEP: require-corp headers).']
}
byId('shell-note').append(...shellNote())
