/**
 * Offline sessions demo: `<dsh-agent>` on IndexedDB with the session list open — reopen, read,
 * fork, export and import the sessions stored in this browser. Plane: main; demo code only.
 * @module demo/sessions/main
 */
import { byId, mountDemoAgent } from '../shared/mount-agent.ts'
import script from './script.json'

const agent = mountDemoAgent({ script, workspaceId: 'sessions', storage: 'indexeddb', slot: byId('agent-slot'), status: byId('status') })
agent.setAttribute('panel', 'sessions')
