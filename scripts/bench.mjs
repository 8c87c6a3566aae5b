/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or the files named on the command line) one after
 * another in Node through Vite's module runner, so benchmarks are TypeScript with no extra tool.
 * Each bench file does its work at import time and prints its own table; a throw fails the run.
 * @module scripts/bench
 */
import { readdirSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const benchDir = join(root, 'bench')

function benchFiles(args) {
  if (args.length > 0) return args.map((file) => resolve(file))
  if (!existsSync(benchDir)) return []
  return readdirSync(benchDir).filter((file) => file.endsWith('.bench.ts')).sort().map((file) => join(benchDir, file))
}

const files = benchFiles(process.argv.slice(2))
if (files.length === 0) console.log('bench: no bench/*.bench.ts files')
let failed = 0
for (const file of files) {
  console.log(`\n# ${file.slice(root.length)}`)
  try {
    await runnerImport(file, { configFile: false, root, logLevel: 'error' })
  } catch (error) {
    failed += 1
    console.error(`bench: ${file.slice(root.length)} failed: ${error?.stack ?? error}`)
  }
}
process.exitCode = failed > 0 ? 1 : 0
