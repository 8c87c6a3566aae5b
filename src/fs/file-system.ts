/**
 * The `ctx.fs` service (dsh contracts §10): the `Service` façade (kernel/cordis/service) over one provider's
 * `FileSystemCore` — path resolution, sandbox fences, guarded text mutations, raw mutations for the
 * shell, listing, glob and `fs/change` events. Plane: worker; no DOM, no `node:`.
 * Contract: every operation is the core's (the file system registers nothing); providers extend
 * this class (their `flush`), consumers never see the provider.
 * @module fs/file-system
 */
import { Service, type Context } from '@deepseek-ai/cordis'
import type { ToolExecution } from '../tools/types.ts'
import { eventBus, forwardToCore, type CoreService } from '../kernel/cordis/service.ts'
import { FileSystemCore, type FileSystemOptions } from './file-system-core.ts'
import type { EditExpectation, FsBackend, FsChange, FsObservation, FsTarget, FsVersion, SandboxMode, WorkspaceSaveState, WriteExpectation } from './types.ts'

export { FileSystemCore, type FileSystemOptions, type MutationOptions } from './file-system-core.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { fs: FileSystem }
  interface Events {
    /** @mode waterfall — the guard a tool write must satisfy; `undefined` = unconditional; first answer wins. */
    'fs/write-intent'(target: FsTarget, actor: ToolExecution, next: () => Promise<WriteExpectation | undefined>): Promise<WriteExpectation | undefined>
    /** @mode waterfall — the guard a tool edit must satisfy; listeners may throw an FsError to refuse. */
    'fs/edit-intent'(target: FsTarget, actor: ToolExecution, next: () => Promise<EditExpectation | undefined>): Promise<EditExpectation | undefined>
    /** @mode emit — a tool saw `target` present at a version, or absent; listeners are sync and non-throwing. */
    'fs/observed'(target: FsTarget, observation: FsObservation, actor: ToolExecution): void
    /** @mode emit — the person saved `target` at `version` (host `workspace.write`, the workspace editor): what agents saw of it before is out of date. */
    'fs/person-saved'(target: FsTarget, version: FsVersion): void
    /** @mode emit — a mutation made through ctx.fs (tools or shell) has been applied. */
    'fs/change'(change: FsChange): void
    /** @mode emit — the provider's save state changed (a save failed, or everything is saved again). */
    'fs/save-state'(state: WorkspaceSaveState): void
  }
}

/** The operations `ctx.fs` forwards to its core: all of them. */
const FORWARDED = [
  'resolve', 'processPath', 'fileUrl', 'contains', 'policy', 'checkAccess', 'allows', 'stat', 'lstat', 'readText', 'streamText',
  'readBytes', 'listDir', 'writeText', 'editText', 'writeBytes', 'mkdir', 'rm', 'rename', 'glob',
] as const satisfies readonly (keyof FileSystemCore)[]

type Forwarded = (typeof FORWARDED)[number]

/** What both `ctx.fs` and its core offer: per-file callers take this (and are handed the core). */
export type FsOperations = Pick<FileSystemCore, Forwarded | 'root' | 'sandboxMode'>

// forwardToCore installs one forwarder per name in FORWARDED on the prototype (so the merge is safe).
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface FileSystem extends Pick<FileSystemCore, Forwarded> {}

// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export class FileSystem extends Service implements CoreService<FileSystemCore> {
  readonly core: FileSystemCore

  constructor(ctx: Context, backend: FsBackend, options: FileSystemOptions) {
    super(ctx, 'fs')
    this.core = new FileSystemCore(eventBus(ctx), backend, options)
  }

  /** Absolute workspace root. */
  get root(): string {
    return this.core.root
  }

  get sandboxMode(): SandboxMode {
    return this.core.sandboxMode
  }

  /** Resolves once every mutation so far is durable or failed to be; providers without persistence resolve at once. */
  async flush(): Promise<void> {}

  /**
   * Whether every change to the files goes through this service, so `fs/change` reports each one and
   * a cache of what the files hold may trust it; `false` (the default) when other programs also write
   * them (a container's processes).
   */
  get changesAllObserved(): boolean {
    return false
  }

  /** Whether every file is saved (after `flush()`: including the latest mutations); providers without persistence are. */
  saveState(): WorkspaceSaveState {
    return { saved: true }
  }
}

forwardToCore(FileSystem, FORWARDED)
