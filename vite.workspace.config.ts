/**
 * The `<dsh-workspace>` build (library mode): `dist/dsh-workspace.js`, an ES module that registers
 * `<dsh-workspace>` and its panes, with CodeMirror, xterm.js and fflate as lazy chunks under
 * `dist/chunks/ws-*`. A build of its own (run after the embed build), so `dist/dsh-agent.js` and
 * the chunks it loads are exactly what they are without it: pages that do not use the workspace
 * load nothing of it, and the agent's page side does not grow (its Lit copy is not shared).
 * The last build of `npm run build`: it then builds the offline service workers from everything
 * written (`dist/dsh-agent-sw.js`, `dist/demo/dsh-agent-sw.js`; scripts/vite-service-worker.ts).
 * @module vite.workspace.config
 */
import { readdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { minifyCssTemplates } from './scripts/vite-minify-css.ts'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { serviceWorkerBuild } from './scripts/vite-service-worker.ts'

const projectRoot = fileURLToPath(new URL('.', import.meta.url))
const outDir = join(projectRoot, 'dist')
const chunks = 'chunks/ws-[name]-[hash].js'

/** dist/ also holds the demo and embed builds: remove only what this build writes. */
const cleanWorkspaceOutput: Plugin = {
  name: 'dsh-clean-workspace-output',
  apply: 'build',
  buildStart() {
    rmSync(join(outDir, 'dsh-workspace.js'), { force: true })
    const chunkDir = join(outDir, 'chunks')
    for (const file of readdirSync(chunkDir, { withFileTypes: true }).filter((f) => f.name.startsWith('ws-'))) rmSync(join(chunkDir, file.name), { force: true })
  },
}

export default defineConfig({
  root: projectRoot,
  base: './',
  publicDir: false,
  plugins: [cleanWorkspaceOutput, serviceWorkerBuild(projectRoot), minifyCssTemplates],
  build: {
    target: 'es2022',
    outDir,
    emptyOutDir: false,
    minify: true,
    lib: { entry: { 'dsh-workspace': join(projectRoot, 'components/dsh-workspace/dsh-workspace.ts') }, formats: ['es'] },
    rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: chunks } },
  },
})
