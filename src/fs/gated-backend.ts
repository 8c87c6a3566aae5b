/**
 * Wraps an FsBackend so every call first awaits the provider's readiness (mirror load, boot);
 * `ready` is called on each use, so a provider may start lazily on the first call.
 * Plane: shared. Contract: a readiness failure rejects every call with that same error.
 * @module fs/gated-backend
 */
import type { FsBackend } from './types.ts'

export function gatedBackend(backend: FsBackend, ready: () => Promise<unknown>): FsBackend {
  return {
    stat: async (path) => { await ready(); return backend.stat(path) },
    readBytes: async (path) => { await ready(); return backend.readBytes(path) },
    readText: async (path) => { await ready(); return backend.readText(path) },
    write: async (path, data, append) => { await ready(); return backend.write(path, data, append) },
    mkdir: async (path, recursive) => { await ready(); return backend.mkdir(path, recursive) },
    readdir: async (path) => { await ready(); return backend.readdir(path) },
    rm: async (path, recursive) => { await ready(); return backend.rm(path, recursive) },
    rename: async (from, to) => { await ready(); return backend.rename(from, to) },
  }
}
