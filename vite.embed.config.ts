/**
 * The embed build (library mode): `dist/dsh-agent.js`, an ES module that registers `<dsh-agent>`
 * (plus `dist/runtime.js`, the headless `createRuntime` for Node and scripts, and `dist/panels.js`, the
 * panels `<dsh-agent>` loads when first shown, for a page that uses one alone),
 * with the agent worker and the heavy parts (just-bash, WebContainer client, markdown, diff) as
 * lazy chunks under `dist/chunks/`, every one addressed relative to the module URL (`base: './'`),
 * so the files work from any static host and any path. Run by `npm run build` after the demo build.
 */
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { mcpEvalFreeValidator } from './scripts/vite-mcp-validator.ts'
import { minifyCssTemplates } from './scripts/vite-minify-css.ts'
import { workerImportPreload } from './scripts/vite-worker-preload.ts'
import { workerCoreChunk } from './scripts/vite-worker-core-chunk.ts'
import { runCodeAssets } from './scripts/vite-run-code-assets.ts'

const projectRoot = fileURLToPath(new URL('.', import.meta.url))
const outDir = join(projectRoot, 'dist')
const chunks = 'chunks/[name]-[hash].js'

/** dist/ also holds the demo build (dist/demo): remove only what this build writes. */
const cleanEmbedOutput: Plugin = {
  name: 'dsh-clean-embed-output',
  apply: 'build',
  buildStart() {
    for (const path of ['dsh-agent.js', 'panels.js', 'runtime.js', 'dsh-agent-sw.js', 'chunks', 'runtimes', 'types']) rmSync(join(outDir, path), { recursive: true, force: true })
  },
}

export default defineConfig({
  root: projectRoot,
  base: './',
  publicDir: false,
  plugins: [cleanEmbedOutput, mcpEvalFreeValidator, minifyCssTemplates, runCodeAssets()],
  worker: { format: 'es', plugins: () => [mcpEvalFreeValidator, workerImportPreload, workerCoreChunk()], rolldownOptions: { output: { entryFileNames: chunks, chunkFileNames: chunks } } },
  build: {
    target: 'es2022',
    outDir,
    emptyOutDir: false,
    minify: true,
    lib: { entry: { 'dsh-agent': join(projectRoot, 'components/index.ts'), panels: join(projectRoot, 'components/panels.ts'), runtime: join(projectRoot, 'src/index.ts') }, formats: ['es'] },
    // Library mode keeps whitespace in ES output unless the output itself minifies: the files are served as they are.
    rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: chunks, minify: true } },
  },
})
