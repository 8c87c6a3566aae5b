/**
 * Caps and texts of the search tools: glob's 100 newest paths (sampled across top-level entries
 * when over the cap) and grep's 250 inline matches grouped by file. Plane: shared; pure.
 * @module tool-fs/search-format
 */
export const GLOB_MAX_PATHS = 100
export const GREP_MAX_MATCHES = 250
export const GREP_MAX_LINE_BYTES = 2000

export type GrepMatch = { path: string; lineNumber: number; line: string }

/** Up to `cap` paths (already newest first), taken round-robin across their top-level entries. */
export function samplePaths(paths: readonly string[], cap = GLOB_MAX_PATHS): string[] {
  if (paths.length <= cap) return [...paths]
  const groups = new Map<string, string[]>()
  for (const path of paths) {
    const top = path.split('/')[0]!
    const group = groups.get(top)
    if (group) group.push(path)
    else groups.set(top, [path])
  }
  const picked: string[] = []
  for (let round = 0; picked.length < cap; round++) {
    for (const group of groups.values()) if (round < group.length && picked.length < cap) picked.push(group[round]!)
  }
  return picked
}

export function renderGlob(paths: readonly string[]): string {
  if (paths.length === 0) return 'No files found'
  const shown = samplePaths(paths)
  const note = paths.length > shown.length
    ? `\n\n(Showing ${shown.length} of ${paths.length} files, sampled across top-level directories. Use a more specific pattern or path to see the rest.)`
    : ''
  return shown.join('\n') + note
}

export function groupMatches(matches: readonly GrepMatch[]): { path: string; matches: { lineNumber: number; line: string }[] }[] {
  const files = new Map<string, { lineNumber: number; line: string }[]>()
  for (const { path, lineNumber, line } of matches) {
    const list = files.get(path)
    if (list) list.push({ lineNumber, line })
    else files.set(path, [{ lineNumber, line }])
  }
  return [...files].map(([path, list]) => ({ path, matches: list }))
}

export function renderGrep(matches: readonly GrepMatch[]): string {
  if (matches.length === 0) return 'No matches found'
  const shown = matches.slice(0, GREP_MAX_MATCHES)
  const blocks = groupMatches(shown).map((file) => `${file.path}:\n${file.matches.map((m) => `  Line ${m.lineNumber}: ${m.line}`).join('\n')}`)
  const note = matches.length > shown.length
    ? `\n\n(Showing the first ${shown.length} of ${matches.length} matches. Use a more specific pattern, path or include to see the rest.)`
    : ''
  return `Found ${matches.length} match${matches.length === 1 ? '' : 'es'}\n${blocks.join('\n\n')}${note}`
}
