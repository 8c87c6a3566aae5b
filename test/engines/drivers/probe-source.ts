/**
 * The text of the page probe (test/engines/site/probe.js), served by host sites and injected into pages that lack it.
 * @module test/engines/drivers/probe-source
 */
import { readFileSync } from 'node:fs'

export const PROBE_SOURCE = readFileSync(new URL('../site/probe.js', import.meta.url), 'utf8')
