/**
 * The Node adapter (node:http, in-memory ledgers) passes the same gateway suite as workerd.
 */
import type { AddressInfo } from 'node:net'
import { createNodeGateway } from '../../../gateway/node/server.ts'
import { describeGatewaySuite } from '../gateway-suite.ts'

describeGatewaySuite('the Node adapter', async (env, onLog) => {
  const server = createNodeGateway({ env, log: onLog })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }) }
})
