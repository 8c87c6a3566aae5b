/**
 * Playground demo: a seeded workspace shown as a file tree and viewer beside `<dsh-agent>`, redrawn
 * after every turn; says which shell runs and offers a WebContainer when the page is cross-origin
 * isolated (`?workspace=webcontainer`), saying why not otherwise. Plane: main; demo code only.
 * @module demo/playground/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import { FileView } from './file-view.ts'
import script from './script.json'
import { seedFiles } from './workspace.ts'

const isolated = globalThis.crossOriginIsolated === true
const webContainer = isolated && new URLSearchParams(location.search).get('workspace') === 'webcontainer'

const view = new FileView({ tree: byId('file-tree'), path: byId('file-path'), content: byId('file-content') })
view.show(seedFiles)

const agent = mountDemoAgent({
  script, workspace: seedFiles, workspaceId: 'playground', workspaceProvider: webContainer ? 'webcontainer' : 'memory',
  slot: byId('agent-slot'), status: byId('status'),
})
const refresh = async (): Promise<void> => {
  const files = await agent.workspaceFiles()
  if (files) view.show(files)
}
agent.addEventListener('dsh-ready', () => void refresh())
agent.addEventListener('dsh-turn-end', () => void refresh())

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
