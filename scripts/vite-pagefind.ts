/**
 * Vite build plugin: once the demo is written, the real `pagefind` CLI indexes the docs demo's pages
 * (`docs/**\/*.html` of the output) into `<outDir>/pagefind/`, the index `site-search="/pagefind/"`
 * reads. Runs offline (the CLI's binary comes from npm's optional `@pagefind/<platform>` package).
 * A failure fails the build, naming the CLI's output.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'

export function pagefindIndex(projectRoot: string, glob: string): Plugin {
  let outDir = ''
  return {
    name: 'dsh-pagefind-index',
    apply: 'build',
    configResolved(config) { outDir = config.build.outDir },
    async closeBundle() {
      const cli = join(projectRoot, 'node_modules/.bin/pagefind')
      try {
        await promisify(execFile)(cli, ['--site', outDir, '--glob', glob])
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
        throw new Error(`pagefind could not index ${outDir}: ${(error as Error).message}\n${stdout}${stderr}`)
      }
    },
  }
}
