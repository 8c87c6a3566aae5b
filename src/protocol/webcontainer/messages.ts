/**
 * The WebContainer bridge vocabulary: the API subset the providers use (`WebContainerLike`) and
 * the typed messages between the worker-side proxy and the page-side host over one MessagePort.
 * Plane: shared; types only — plain structured-clone-safe data crosses the port.
 * @module protocol/webcontainer/messages
 */
import type { FileSystemTree } from '@webcontainer/api'

export type { FileSystemTree }

/** One `readdir(path, {withFileTypes: true})` entry. */
export interface WebContainerDirent {
  name: string
  isFile(): boolean
  isDirectory(): boolean
}

/** A spawned process: one terminal stream, the exit code, and kill. */
export interface WebContainerProcessLike {
  output: ReadableStream<string>
  exit: Promise<number>
  kill(): void
}

export type SpawnEnv = Record<string, string | number | boolean>

/**
 * Exactly the part of `@webcontainer/api`'s `WebContainer` the providers call; a real
 * `WebContainer` is assignable to it, and so are the proxy and the test fake.
 */
export interface WebContainerLike {
  readonly fs: {
    readFile(path: string): Promise<Uint8Array>
    writeFile(path: string, data: Uint8Array): Promise<void>
    readdir(path: string, options: { withFileTypes: true }): Promise<WebContainerDirent[]>
    mkdir(path: string): Promise<unknown>
    mkdir(path: string, options: { recursive: true }): Promise<unknown>
    rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>
    rename(from: string, to: string): Promise<void>
  }
  mount(tree: FileSystemTree): Promise<void>
  spawn(command: string, args: string[], options?: { cwd?: string; env?: SpawnEnv }): Promise<WebContainerProcessLike>
  /** A server in the container listens (`server-ready`): its preview URL. Returns the unsubscribe. */
  on?(event: 'server-ready', listener: (port: number, url: string) => void): () => void
}

/** A `readdir` entry on the wire (methods do not survive structured clone). */
export interface WireDirent {
  name: string
  type: 'file' | 'directory' | 'other'
}

/** Worker → page: one call, answered by `call.result` / `call.failed` with the same `id`. */
export type BridgeRequest =
  | { kind: 'container.boot'; id: number }
  | { kind: 'container.mount'; id: number; tree: FileSystemTree }
  | { kind: 'fs.readFile'; id: number; path: string }
  | { kind: 'fs.writeFile'; id: number; path: string; data: Uint8Array }
  | { kind: 'fs.readdir'; id: number; path: string }
  | { kind: 'fs.mkdir'; id: number; path: string; recursive: boolean }
  | { kind: 'fs.rm'; id: number; path: string; recursive: boolean; force: boolean }
  | { kind: 'fs.rename'; id: number; from: string; to: string }
  /** The `id` doubles as the process id for `process.kill` and the process notices. */
  | { kind: 'process.spawn'; id: number; command: string; args: string[]; cwd?: string; env?: SpawnEnv }

/** Worker → page, fire and forget. */
export type BridgeSignal = { kind: 'process.kill'; pid: number }

export type BridgeOutgoing = BridgeRequest | BridgeSignal
export type BridgeRequestKind = BridgeRequest['kind']

/** What each call resolves with, on the wire. */
export interface BridgeResultMap {
  'container.boot': null
  'container.mount': null
  'fs.readFile': Uint8Array
  'fs.writeFile': null
  'fs.readdir': WireDirent[]
  'fs.mkdir': null
  'fs.rm': null
  'fs.rename': null
  'process.spawn': null
}

/** An error as it crosses the port: name, message and the Node-style or named `code`. */
export interface WireError {
  name: string
  message: string
  code?: string
}

/** Page → worker. */
export type BridgeNotice =
  | { kind: 'call.result'; id: number; value: BridgeResultMap[BridgeRequestKind] }
  | { kind: 'call.failed'; id: number; error: WireError }
  | { kind: 'process.output'; pid: number; chunk: string }
  /** The output stream ended (it may end before or after the exit code arrives). */
  | { kind: 'process.output-end'; pid: number }
  | { kind: 'process.exited'; pid: number; exitCode: number }
  /** The process's output or exit failed on the page: its stream errors and its exit rejects. */
  | { kind: 'process.failed'; pid: number; error: WireError }
  /** The page-side host stopped serving (element removed, page hidden): every pending call fails. */
  | { kind: 'host.closed'; reason: string }
