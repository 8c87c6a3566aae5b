/**
 * The gateway's Workers entry on real workerd (Miniflare, Durable Object ledgers) passes the
 * shared gateway suite against a scripted upstream on 127.0.0.1.
 */
import { startWorkerdGateway } from '../../../gateway/dev/workerd.ts'
import { describeGatewaySuite } from '../gateway-suite.ts'

describeGatewaySuite('workerd', async (env, onLog) => {
  const gateway = await startWorkerdGateway({ env, onLog })
  return { url: gateway.url, close: () => gateway.dispose() }
})
