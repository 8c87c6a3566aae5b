/**
 * The Cloudflare Workers entry (`main` in wrangler.toml) and the module the Node adapter serves:
 * the default export is the gateway's Fetch-API handler; `GatewayLimits` is the Durable Object
 * class holding one client's or one site's ledger (binding `LIMITS`).
 * @module gateway/worker
 */
import { createGateway } from './gateway.ts'

export { GatewayLimits } from './limit-store.ts'

export default createGateway()
