/**
 * Vite plugin putting the agent worker's core — workers/agent-host.ts and every module it imports
 * statically, which all load before the worker answers anything — into that one chunk. Without it
 * the bundler cuts a module the core shares with a lazy chunk (Cordis, the fs helpers, brand ids,
 * errors, …) into a chunk of its own, and the worker fetched a dozen small files, each gzipped on its
 * own, instead of one. A lazy chunk then imports those modules from the host's chunk, which is loaded
 * already whenever a lazy chunk is (lazy chunks are imported only by code in the core). What is lazy
 * stays lazy: only the static closure of the host module is grouped. A module the worker entry also
 * imports on its own, beside the host (the secrets store it starts reading while the host loads), goes
 * with its static imports into a small chunk of its own (`agent-early`, which the core imports), so that
 * import does not wait for the whole core. A build without the host module (the page bundle) is left
 * as it is. Used as a worker plugin by every build config and by the bench's worker build.
 * @module scripts/vite-worker-core-chunk
 */
import type { Plugin } from 'vite'

const HOST_MODULE = /\/workers\/agent-host\.ts$/

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; dynamicImporters: readonly string[] } | null }

/** `start` and every module it imports statically, directly or not. */
function staticClosure(graph: ModuleGraph, start: readonly string[]): Set<string> {
  const closure = new Set<string>()
  const pending = [...start]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (closure.has(id)) continue
    closure.add(id)
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return closure
}

export function workerCoreChunk(): Plugin {
  const core = new Set<string>()
  const early = new Set<string>()
  return {
    name: 'dsh-worker-core-chunk',
    apply: 'build',
    buildEnd() {
      core.clear()
      early.clear()
      const host = [...this.getModuleIds()].find((id) => HOST_MODULE.test(id))
      if (!host) return
      const hostClosure = staticClosure(this, [host])
      // What the entry that imports the host imports beside it, and that the core holds too.
      const beside = (this.getModuleInfo(host)?.dynamicImporters ?? []).flatMap((entry) => this.getModuleInfo(entry)?.dynamicallyImportedIds ?? [])
      for (const id of staticClosure(this, beside.filter((id) => id !== host && hostClosure.has(id)))) early.add(id)
      for (const id of hostClosure) if (!early.has(id)) core.add(id)
    },
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {}
      // Above any other group: a core module belongs to the core, whatever else would claim it. The
      // early group comes first, so the core (which takes in what its modules import) leaves it alone.
      const groups = [
        { name: 'agent-early', test: (id: string) => early.has(id), priority: Number.MAX_SAFE_INTEGER },
        { name: 'agent-host', test: (id: string) => core.has(id), priority: Number.MAX_SAFE_INTEGER - 1 },
      ]
      return { ...options, codeSplitting: { ...splitting, groups: [...(splitting.groups ?? []), ...groups] } }
    },
  }
}
