/**
 * Vite plugin copying the language runtimes' files (src/run-code/runtime-files.ts: Pyodide, sql.js's
 * and QuickJS's WebAssembly) into `runtimes/<name>-<version>/` of the build output as they are —
 * not inlined (library mode inlines assets), not hashed (the version names the folder) — and serving
 * them from node_modules in the dev server (any URL path ending in `runtimes/<dir>/<file>`).
 * @module scripts/vite-run-code-assets
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { RUNTIME_FILES } from '../src/run-code/runtime-files.ts'

const require = createRequire(import.meta.url)

/** Folder of an installed package: the nearest folder above its main file holding its package.json (not every package exports that file). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name))
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name) {
    if (dirname(dir) === dir) throw new Error(`run-code: the package ${name} is not installed`)
    dir = dirname(dir)
  }
  return dir
}

/** `runtimes/<dir>/<base name>` → the file in node_modules. */
function runtimeSources(): Map<string, string> {
  const sources = new Map<string, string>()
  for (const runtime of RUNTIME_FILES) {
    const root = packageDir(runtime.packageName)
    const installed = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
    if (installed !== runtime.version) throw new Error(`run-code: ${runtime.packageName} ${installed} is installed but src/run-code/runtime-files.ts names ${runtime.version}`)
    for (const file of runtime.files) sources.set(`runtimes/${runtime.dir}/${file.split('/').at(-1)}`, join(root, file))
  }
  return sources
}

const TYPES: Record<string, string> = { wasm: 'application/wasm', mjs: 'text/javascript', js: 'text/javascript', json: 'application/json', zip: 'application/zip' }

export function runCodeAssets(): Plugin {
  return {
    name: 'dsh-run-code-assets',
    generateBundle() {
      for (const [fileName, source] of runtimeSources()) this.emitFile({ type: 'asset', fileName, source: readFileSync(source) })
    },
    configureServer(server) {
      const sources = runtimeSources()
      server.middlewares.use((request, response, next) => {
        const match = /runtimes\/[^/?]+\/[^/?]+(?=$|\?)/.exec(request.url ?? '')
        const source = match ? sources.get(match[0]) : undefined
        if (!source) return next()
        response.setHeader('Content-Type', TYPES[source.split('.').at(-1)!] ?? 'application/octet-stream')
        createReadStream(source).pipe(response)
      })
    },
  }
}
