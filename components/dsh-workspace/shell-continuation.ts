/**
 * Whether the lines entered so far are a whole shell command or need more, as bash decides when
 * it shows its `> ` prompt: a trailing backslash, an open quote, a here-document whose delimiter
 * line has not come, an open `if`/`case`/`do`/`{`/`(`, or a line ending in `|`, `&&` or `||`.
 * A lexical scan, not a parser: what it cannot tell (a syntax error) is left for the shell to report.
 * Plane: main; pure.
 * @module components/dsh-workspace/shell-continuation
 */

const OPENERS = new Set(['if', 'case', 'do', '{'])
const CLOSERS = new Set(['fi', 'esac', 'done', '}'])
/** Words after which the next word is a command again (`then echo`, `do {`). */
const LEAD_INS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '{', '!', 'time'])
const HEREDOC = /^<<(-?)[ \t]*(['"]?)([A-Za-z0-9_.-]+)\2/

interface Scan {
  depth: number
  parens: number
  quote: '' | "'" | '"'
  /** Here-documents opened on the current line: their delimiters (and whether tabs are stripped). */
  opened: { word: string; strip: boolean }[]
}

/** Reads one line outside here-document bodies; returns whether it ends in a continuation (`\`, `|`, `&&`, `||`). */
function scanLine(line: string, scan: Scan): boolean {
  let word = ''
  let command = true
  const endWord = () => {
    if (word && command && scan.quote === '') {
      if (OPENERS.has(word)) scan.depth++
      else if (CLOSERS.has(word)) scan.depth = Math.max(0, scan.depth - 1)
    }
    if (word) command = LEAD_INS.has(word) && command
    word = ''
  }
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!
    if (scan.quote === "'") { if (ch === "'") scan.quote = ''; continue }
    if (ch === '\\') {
      if (i === line.length - 1) return true
      word += line[++i]
      continue
    }
    if (scan.quote === '"') { if (ch === '"') scan.quote = ''; continue }
    if (ch === "'" || ch === '"') { scan.quote = ch; word += ch; continue }
    if (ch === '#' && word === '') break
    if (ch === '<' && line[i + 1] === '<' && line[i + 2] !== '<') {
      const heredoc = HEREDOC.exec(line.slice(i))
      if (heredoc) {
        endWord()
        scan.opened.push({ word: heredoc[3]!, strip: heredoc[1] === '-' })
        i += heredoc[0].length - 1
        continue
      }
    }
    if (/[\s;&|()]/.test(ch)) {
      endWord()
      if (ch === '(') scan.parens++
      else if (ch === ')' && scan.parens > 0) scan.parens-- // a `case` pattern's `)` opens nothing
      if (/[;&|()\n]/.test(ch)) command = true
      continue
    }
    word += ch
  }
  endWord()
  return scan.quote === '' && /(\||&&)\s*$/.test(line.replace(/#.*$/, ''))
}

/** `true` when `script` (lines joined by `\n`) needs another line before it can run. */
export function needsMoreInput(script: string): boolean {
  const scan: Scan = { depth: 0, parens: 0, quote: '', opened: [] }
  const bodies: { word: string; strip: boolean }[] = []
  let continues = false
  for (const line of script.split('\n')) {
    const body = bodies[0]
    if (body) {
      if ((body.strip ? line.replace(/^\t+/, '') : line) === body.word) bodies.shift()
      continue
    }
    continues = scanLine(line, scan)
    if (scan.quote === '') bodies.push(...scan.opened.splice(0))
  }
  return continues || scan.quote !== '' || bodies.length > 0 || scan.depth > 0 || scan.parens > 0
}
