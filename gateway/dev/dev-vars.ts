/**
 * Reads a `.dev.vars` file (wrangler's dotenv format: `NAME=value`, `#` comments, optional
 * quotes) into plain variables for `npm run gateway`.
 * @module gateway/dev/dev-vars
 */
import { readFileSync } from 'node:fs'

export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const at = line.indexOf('=')
    if (at <= 0) continue
    vars[line.slice(0, at).trim()] = line.slice(at + 1).trim().replace(/^(["'])(.*)\1$/, '$2')
  }
  return vars
}

export function readDevVars(path: string): Record<string, string> {
  return parseDevVars(readFileSync(path, 'utf8'))
}
