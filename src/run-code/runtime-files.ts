/**
 * The runtime files each language loads by URL (WebAssembly, Python's standard library, Pyodide's
 * loader), copied by the build into `runtimes/<name>-<version>/` beside the chunks (never into a
 * chunk, never into the service worker's precache: the service worker caches them on first use).
 * A version in the folder name makes an upgrade a new URL. Shared by the build and the runtime worker.
 * @module run-code/runtime-files
 */

export interface RuntimeFiles {
  /** Folder under `runtimes/`. */
  dir: string
  /** The npm package the files come from, and its version (must match package.json). */
  packageName: string
  version: string
  /** Paths inside the package. */
  files: readonly string[]
}

export const PYODIDE: RuntimeFiles = { dir: 'pyodide-314.0.8', packageName: 'pyodide', version: '314.0.8', files: ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'] }
export const SQLJS: RuntimeFiles = { dir: 'sqljs-1.17.0', packageName: 'sql.js', version: '1.17.0', files: ['dist/sql-wasm-browser.wasm'] }
export const QUICKJS: RuntimeFiles = { dir: 'quickjs-0.32.0', packageName: '@jitl/quickjs-wasmfile-release-sync', version: '0.32.0', files: ['dist/emscripten-module.wasm'] }

export const RUNTIME_FILES: readonly RuntimeFiles[] = [PYODIDE, SQLJS, QUICKJS]

/** The URL of one runtime file, under the `runtimes/` folder URL. */
export function runtimeFileUrl(base: string, runtime: RuntimeFiles, file: string): string {
  return new URL(`${runtime.dir}/${file.split('/').at(-1)}`, base).href
}

/** Where the runtime folder lives relative to a built chunk (`chunks/x.js` or `assets/x.js` → `runtimes/`). */
export const RUNTIMES_FROM_CHUNK = '../runtimes/'
