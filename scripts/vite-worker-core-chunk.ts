/**
 * Vite plugin putting the agent worker's core — workers/agent-host.ts and every module it imports
 * statically, which all load before the worker answers anything — into that one chunk. Without it
 * the bundler cuts a module the core shares with a lazy chunk (Cordis, the fs helpers, brand ids,
 * errors, …) into a chunk of its own, and the worker fetched a dozen small files, each gzipped on its
 * own, instead of one. A lazy chunk then imports those modules from the host's chunk, which is loaded
 * already whenever a lazy chunk is (lazy chunks are imported only by code in the core). What is lazy
 * stays lazy: only the static closure of the host module is grouped. A build without that module
 * (the page bundle) is left as it is. Used as a worker plugin by every build config and by the
 * bench's worker build.
 * @module scripts/vite-worker-core-chunk
 */
import type { Plugin } from 'vite'

const HOST_MODULE = /\/workers\/agent-host\.ts$/

export function workerCoreChunk(): Plugin {
  const core = new Set<string>()
  return {
    name: 'dsh-worker-core-chunk',
    apply: 'build',
    buildEnd() {
      core.clear()
      const host = [...this.getModuleIds()].find((id) => HOST_MODULE.test(id))
      if (!host) return
      const pending = [host]
      while (pending.length > 0) {
        const id = pending.pop()!
        if (core.has(id)) continue
        core.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {}
      // Above any other group: a core module belongs to the core, whatever else would claim it.
      const group = { name: 'agent-host', test: (id: string) => core.has(id), priority: Number.MAX_SAFE_INTEGER }
      return { ...options, codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), group] } }
    },
  }
}
