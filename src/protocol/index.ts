/**
 * Public surface of the shared protocol: the only runtime code the page may import.
 * Plane: shared.
 * @module protocol/index
 */
export * from './ids.ts'
export * from './messages.ts'
export * from './validate.ts'
export * from './transcript.ts'
export * from './page-tools.ts'
export { preloadHint } from './preload-hint.ts'
export type { PreloadHint } from './preload-hint.ts'
export { AgentClient, HostCommandError, HostStartError } from './client.ts'
export type { AgentClientOptions, FrameScheduler, NoticeListener } from './client.ts'
export { onServerReady, webContainerUnavailableReason } from './webcontainer/page-boot.ts'
export { WebContainerBridgeError, WebContainerUnavailableError } from './webcontainer/errors.ts'
