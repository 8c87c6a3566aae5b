/**
 * Wraps an FsBackend so every call first awaits the provider's readiness (mirror load, boot);
 * `ready` is called on each use until it first resolves, so a provider may start lazily on the
 * first call; readiness is once, so after that calls go straight through (no extra await).
 * Plane: shared. Contract: until ready, a readiness failure rejects every call with that same error.
 * @module fs/gated-backend
 */
import type { FsBackend } from './types.ts'

export function gatedBackend(backend: FsBackend, ready: () => Promise<unknown>): FsBackend {
  let open = false
  const gate = <T>(call: () => Promise<T>): Promise<T> => {
    if (open) return call()
    return ready().then(() => {
      open = true
      return call()
    })
  }
  return {
    stat: (path) => gate(() => backend.stat(path)),
    readBytes: (path) => gate(() => backend.readBytes(path)),
    readText: (path) => gate(() => backend.readText(path)),
    write: (path, data, append) => gate(() => backend.write(path, data, append)),
    mkdir: (path, recursive) => gate(() => backend.mkdir(path, recursive)),
    readdir: (path) => gate(() => backend.readdir(path)),
    rm: (path, recursive) => gate(() => backend.rm(path, recursive)),
    rename: (from, to) => gate(() => backend.rename(from, to)),
  }
}
