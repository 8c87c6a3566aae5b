/**
 * The demos as `npm start` serves them: Vite's dev server (vite.config.ts, unbundled modules and
 * the module worker from /@fs/…) started in-process on a free 127.0.0.1 port.
 * @module test/harness/dev-server
 */
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

export interface DevServer { origin: string; close(): Promise<void> }

export async function startDevServer(): Promise<DevServer> {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    server: { port: 0, strictPort: false, hmr: false },
    logLevel: 'error',
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('dev server: no TCP address')
  return { origin: `http://127.0.0.1:${address.port}`, close: () => server.close() }
}
