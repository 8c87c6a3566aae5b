/**
 * The page half of `<dsh-agent>`'s WebContainer workspace: when the page opts in
 * (`workspace-provider="webcontainer"`) and is cross-origin isolated, serves the WebContainer on
 * one end of a MessageChannel and hands the other end to the worker. Plane: main.
 * Contract: otherwise no port and a `notice` saying why (the runtime stays on the embedded workspace).
 * @module components/dsh-agent/workspace-bridge
 */
import { webContainerUnavailableReason } from '../../src/protocol/index.ts'
import { serveWebContainer } from '../webcontainer-host/webcontainer-host.ts'

export type WorkspaceProvider = 'memory' | 'webcontainer'

export interface WorkspaceBridge {
  /** The worker's end, sent with `webcontainer.attach`; absent when the embedded workspace is used. */
  readonly port?: MessagePort
  /** Why the requested WebContainer is not used. */
  readonly notice?: string
  /** Stops serving (the worker's pending calls fail with WEBCONTAINER_PAGE_GONE). */
  close(): void
}

/** @param onBootFailure called with the reason if the page's WebContainer fails to boot later. */
export function startWorkspaceBridge(provider: WorkspaceProvider, onBootFailure: (reason: string) => void): WorkspaceBridge {
  if (provider !== 'webcontainer') return { close: () => undefined }
  const notice = webContainerUnavailableReason()
  if (notice) return { notice, close: () => undefined }
  const channel = new MessageChannel()
  const host = serveWebContainer(channel.port1, { onBootFailure: (error) => onBootFailure(error.message) })
  return { port: channel.port2, close: () => host.close('the <dsh-agent> element was removed') }
}
