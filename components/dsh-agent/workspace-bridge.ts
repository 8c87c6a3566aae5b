/**
 * The page half of `<dsh-agent>`'s WebContainer workspace: when the page opts in
 * (`workspace-provider="webcontainer"`) and is cross-origin isolated, serves the WebContainer on
 * one end of a MessageChannel and hands the other end to the worker. Plane: main.
 * Contract: otherwise no port and a `notice` saying why (the runtime stays on the embedded workspace).
 * The WebContainer host module is imported only then (a failed import is reported like a failed boot).
 * @module components/dsh-agent/workspace-bridge
 */
import { webContainerUnavailableReason } from '../../src/protocol/index.ts'

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
  // The host module loads only for a page that opts in; the worker's calls queue on the port meanwhile.
  const host = import('../webcontainer-host/webcontainer-host.ts').then(
    ({ serveWebContainer }) => serveWebContainer(channel.port1, { onBootFailure: (error) => onBootFailure(error.message) }),
    (error: Error) => {
      onBootFailure(`the WebContainer host module did not load: ${error.message}`)
      return undefined
    },
  )
  return { port: channel.port2, close: () => void host.then((served) => served?.close('the <dsh-agent> element was removed')) }
}
