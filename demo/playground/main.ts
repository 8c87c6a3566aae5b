/**
 * Playground demo: a seeded workspace shown as a file tree and viewer beside `<dsh-agent>`, redrawn
 * after every turn; says which shell runs and why. Plane: main; demo code only.
 * @module demo/playground/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import { FileView } from './file-view.ts'
import script from './script.json'
import { seedFiles } from './workspace.ts'

const view = new FileView({ tree: byId('file-tree'), path: byId('file-path'), content: byId('file-content') })
view.show(seedFiles)

const agent = mountDemoAgent({ script, workspace: seedFiles, workspaceId: 'playground', slot: byId('agent-slot'), status: byId('status') })
const refresh = async (): Promise<void> => {
  const files = await agent.workspaceFiles()
  if (files) view.show(files)
}
agent.addEventListener('dsh-ready', () => void refresh())
agent.addEventListener('dsh-turn-end', () => void refresh())

byId('shell-note').textContent = globalThis.crossOriginIsolated
  ? 'Shell: the embedded in-browser shell (just-bash). This page is cross-origin isolated, so a WebContainer (Node.js in the browser, booted from StackBlitz, needs the network) could run here instead.'
  : 'Shell: the embedded in-browser shell (just-bash). WebContainer is not offered: this page is not cross-origin isolated (it needs COOP: same-origin and COEP: require-corp headers).'
