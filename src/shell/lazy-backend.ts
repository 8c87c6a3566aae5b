/**
 * A shell backend whose implementation loads on the first command: the provider's plugin mounts
 * (and its tools are offered to the model) before any of the backend's code is fetched. Plane: worker.
 * Contract: one load, shared by concurrent first commands; a load that fails fails those commands
 * (as the backend's own error would) and is tried again by the next one.
 * @module shell/lazy-backend
 */
import type { ShellBackend, ShellBackendOutcome, ShellExecSpec, ShellIo } from './types.ts'

export class LazyShellBackend implements ShellBackend {
  #backend: Promise<ShellBackend> | undefined

  constructor(private readonly load: () => Promise<ShellBackend>, readonly streams?: boolean) {}

  async execute(spec: ShellExecSpec, io: ShellIo, signal: AbortSignal): Promise<ShellBackendOutcome> {
    this.#backend ??= this.load().catch((error: unknown) => {
      this.#backend = undefined
      throw error
    })
    return (await this.#backend).execute(spec, io, signal)
  }
}
