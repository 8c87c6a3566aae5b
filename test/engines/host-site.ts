/**
 * Host sites for the cross-engine flows: the built embed (dist/) on bare static servers
 * (test/harness/static-server.ts), each site on its own origin (so each flow has its own
 * IndexedDB), with the page's probe.js and a strict CSP; the module comes from the site itself
 * or, for the cross-origin case, from a CDN origin that sends CORS.
 * @module test/engines/host-site
 */
import { fileURLToPath } from 'node:url'
import { startStaticServer, type StaticServer } from '../harness/static-server.ts'
import { PROBE_SOURCE } from './drivers/probe-source.ts'

const dist = fileURLToPath(new URL('../../dist/', import.meta.url))

export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; worker-src 'self' blob:"

export interface SiteOptions {
  /** `<dsh-agent>` attributes (values are attribute-escaped here). */
  attributes: Record<string, string>
  /** Where dsh-agent.js comes from: this site (default) or the CDN origin. */
  cdn?: StaticServer
  /** Also list the CDN origin in `worker-src`: Firefox checks the worker's static imports against it. */
  cdnInWorkerSrc?: boolean
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The page as a host site would write it: its own script first, then the module, then the element. */
function page(moduleUrl: string, attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes).map(([name, value]) => `${name}="${escape(value)}"`).join(' ')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>engines</title><script src="/probe.js"></script><script type="module" src="${moduleUrl}"></script></head>
<body><dsh-agent ${attrs}></dsh-agent></body></html>`
}

export class HostSites {
  readonly #servers: StaticServer[] = []

  /** The CDN: dist/ with `Access-Control-Allow-Origin: *` (module scripts are fetched with CORS). */
  async cdn(): Promise<StaticServer> {
    return this.#track(await startStaticServer({ root: dist, headers: { 'Access-Control-Allow-Origin': '*' } }))
  }

  /** A new site on its own origin; resolves the page's URL and the server (its request log). */
  async site(options: SiteOptions): Promise<{ url: string; server: StaticServer }> {
    const pages: Record<string, string> = { '/probe.js': PROBE_SOURCE }
    const cdn = options.cdn
    let csp = cdn ? STRICT_CSP.replace("script-src 'self'", `script-src 'self' ${cdn.origin}`) : STRICT_CSP
    if (cdn && options.cdnInWorkerSrc) csp = csp.replace("worker-src 'self' blob:", `worker-src 'self' blob: ${cdn.origin}`)
    const server = this.#track(await startStaticServer({ root: dist, pages, headers: { 'Content-Security-Policy': csp } }))
    pages['/index.html'] = page(`${cdn?.origin ?? ''}/dsh-agent.js`, options.attributes)
    return { url: `${server.origin}/index.html`, server }
  }

  async close(): Promise<void> {
    await Promise.all(this.#servers.splice(0).map((server) => server.close()))
  }

  #track(server: StaticServer): StaticServer {
    this.#servers.push(server)
    return server
  }
}
