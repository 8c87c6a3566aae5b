/**
 * Glob patterns compiled to matchers over `/`-separated relative paths: `**`, `*`, `?`,
 * `[...]`, `{a,b}`. A pattern without `/` matches the basename at any depth.
 * Plane: shared; builds RegExp objects only (no eval).
 * @module fs/glob-pattern
 */

function escapeChar(char: string): string {
  return /[.+^$()|\\]/.test(char) ? `\\${char}` : char
}

function classToRegex(pattern: string, start: number): [string, number] {
  const end = pattern.indexOf(']', start + 2)
  if (end === -1) return ['\\[', start + 1]
  let body = pattern.slice(start + 1, end).replace(/\\/g, '\\\\')
  if (body.startsWith('!')) body = `^${body.slice(1)}`
  return [`[${body}]`, end + 1]
}

function starToRegex(pattern: string, index: number): [string, number] {
  if (pattern[index + 1] !== '*') return ['[^/]*', index + 1]
  const atSegmentStart = index === 0 || pattern[index - 1] === '/'
  if (atSegmentStart && pattern[index + 2] === '/') return ['(?:[^/]*/)*', index + 3]
  return ['.*', index + 2]
}

/** The regex source for one glob (without anchors). */
function globToRegexSource(pattern: string): string {
  let source = ''
  let braceDepth = 0
  for (let i = 0; i < pattern.length;) {
    const char = pattern[i]!
    if (char === '*') {
      const [part, next] = starToRegex(pattern, i)
      source += part
      i = next
    } else if (char === '[') {
      const [part, next] = classToRegex(pattern, i)
      source += part
      i = next
    } else {
      if (char === '?') source += '[^/]'
      else if (char === '{') { source += '(?:'; braceDepth++ }
      else if (char === '}' && braceDepth > 0) { source += ')'; braceDepth-- }
      else if (char === ',' && braceDepth > 0) source += '|'
      else source += escapeChar(char)
      i++
    }
  }
  return source + ')'.repeat(braceDepth)
}

/** Returns a predicate over paths relative to the search root. */
export function compileGlob(pattern: string): (relativePath: string) => boolean {
  const trimmed = pattern.replace(/^\.\//, '')
  const regex = new RegExp(`^${globToRegexSource(trimmed)}$`)
  if (trimmed.includes('/')) return (path) => regex.test(path)
  return (path) => regex.test(path.slice(path.lastIndexOf('/') + 1))
}
