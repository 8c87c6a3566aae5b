/**
 * Network guard for demo tests: routes every request of a browser context (pages and their workers)
 * and aborts and records any that leaves 127.0.0.1 / localhost. Tests assert the record is empty.
 * @module test/harness/local-only
 */
import type { BrowserContext } from '@playwright/test'

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** @returns the list of non-local URLs requested so far (live). */
export async function guardLocalOnly(context: BrowserContext): Promise<string[]> {
  const outside: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    const local = url.protocol === 'blob:' || url.protocol === 'data:' || LOCAL_HOSTS.has(url.hostname)
    if (local) return route.fallback()
    outside.push(url.href)
    return route.abort('blockedbyclient')
  })
  return outside
}
