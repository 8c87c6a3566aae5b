/**
 * `npm run gateway`: loads the TypeScript dev CLI (gateway/dev/cli.ts) through Vite's module
 * runner and starts the gateway; `--build-node` instead bundles the Node deployment
 * (gateway/node/main.ts) into gateway/dist/gateway-node.mjs with rolldown.
 * @module gateway/scripts/gateway
 */
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'
import { runnerImport } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))
const args = process.argv.slice(2)

if (args.includes('--build-node')) {
  const build = await rolldown({ input: fileURLToPath(new URL('../node/main.ts', import.meta.url)), platform: 'node', logLevel: 'silent' })
  await build.write({ file: fileURLToPath(new URL('../dist/gateway-node.mjs', import.meta.url)), format: 'esm' })
  await build.close()
  console.log('gateway: wrote gateway/dist/gateway-node.mjs (run: node gateway/dist/gateway-node.mjs with the variables in the environment)')
} else {
  const { module } = await runnerImport(fileURLToPath(new URL('../dev/cli.ts', import.meta.url)), { configFile: false, root, logLevel: 'error' })
  await module.main(args)
}
