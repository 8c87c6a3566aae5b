/**
 * The Node deployment's entry (bundled by `npm run gateway -- --build-node` into
 * `gateway/dist/gateway-node.mjs`): serves the gateway with `process.env` on `HOST:PORT`
 * (default 127.0.0.1:8787), for a reverse proxy in front.
 * @module gateway/node/main
 */
import { createNodeGateway } from './server.ts'

const port = Number(process.env.PORT ?? 8787)
const host = process.env.HOST ?? '127.0.0.1'
const server = createNodeGateway({ env: { ...process.env }, ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}) })
server.listen(port, host, () => console.log(JSON.stringify({ ts: new Date().toISOString(), level: 'info', msg: 'listening', url: `http://${host}:${port}` })))
process.once('SIGTERM', () => server.close())
