/**
 * What `<dsh-agent>` lends a `<dsh-workspace for="…">` on the same page: its worker's workspace
 * commands and notices, so the person and the agent work on one workspace (one worker, one copy of
 * the files). Plane: main. Contract: `request` throws `HostCommandError` with the worker's code
 * (e.g. FS_STALE_VERSION on a save over the agent's newer text); listeners stay across worker restarts.
 * @module components/dsh-agent/workspace-link
 */
import type { CommandOf, CommandResultMap, HostCommand, NoticeListener } from '../../src/protocol/index.ts'
import { onServerReady } from '../../src/protocol/index.ts'
import type { AgentController } from '../controllers/agent-controller.ts'
import type { WorkspaceProvider } from './workspace-bridge.ts'

export type WorkspaceCommandKind = Extract<HostCommand['kind'], `workspace.${string}`>

export interface WorkspaceLink {
  request<K extends WorkspaceCommandKind>(command: CommandOf<K>): Promise<CommandResultMap[K]>
  listen(listener: NoticeListener): () => void
  /** The workspace in use now; `notice`: why the requested WebContainer is not. */
  provider(): { kind: WorkspaceProvider; notice?: string }
  /** Servers the page's WebContainer opens (`server-ready`), for a preview; never called on the embedded workspace. */
  onServerReady(listener: (port: number, url: string) => void): () => void
}

/** The link over `agent`'s worker; `provider` reads the workspace in use when asked. */
export function linkWorkspace(agent: Pick<AgentController, 'request' | 'listen'>, provider: WorkspaceLink['provider']): WorkspaceLink {
  return { request: (command) => agent.request(command), listen: (listener) => agent.listen(listener), provider, onServerReady }
}
