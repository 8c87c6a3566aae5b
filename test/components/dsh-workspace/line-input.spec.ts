// The terminal's line discipline and the changed-line span the editor highlights.
import { describe, expect, it } from 'vitest'
import { CONTINUATION_PROMPT, LineInput } from '../../../components/dsh-workspace/line-input.ts'
import { needsMoreInput } from '../../../components/dsh-workspace/shell-continuation.ts'
import { changedLineSpan } from '../../../components/dsh-workspace/line-diff.ts'
import { resolveDir } from '../../../components/dsh-workspace/working-dir.ts'

const typed = (input: LineInput, keys: string[]) => keys.map((key) => input.key(key))

describe('LineInput', () => {
  it('edits a line (insert at the cursor, Backspace, ←) and submits it into the history', () => {
    const input = new LineInput(() => '$ ')
    typed(input, ['e', 'c', 'o', '\x1b[D', 'h', '\x1b[C', ' hi', '\x7f', 'i'])
    expect(input.line).toBe('echo hi')
    expect(input.key('\r')).toEqual({ kind: 'submit', command: 'echo hi', echo: '\r\n' })
    expect(input.history).toEqual(['echo hi'])
    expect(input.line).toBe('')
  })

  it('recalls history with ↑/↓ and interrupts with Ctrl-C', () => {
    const input = new LineInput(() => '$ ')
    for (const command of ['ls', 'pwd']) { input.key(command); input.key('\r') }
    input.key('\x1b[A')
    expect(input.line).toBe('pwd')
    input.key('\x1b[A')
    expect(input.line).toBe('ls')
    input.key('\x1b[B')
    expect(input.line).toBe('pwd')
    expect(input.key('\x03')).toEqual({ kind: 'interrupt', echo: '^C\r\n' })
    expect(input.line).toBe('')
  })

  it('drops control characters and unknown escape sequences from typed text', () => {
    const input = new LineInput(() => '$ ')
    input.key('a\x07b\x1b[15~c')
    expect(input.line).toBe('abc')
  })
})

describe('resolveDir', () => {
  it('resolves cd targets against the working directory, never above the root; absolute ones go to the worker as they are', () => {
    expect(resolveDir('src', 'lib')).toBe('src/lib')
    expect(resolveDir('src/lib', '..')).toBe('src')
    expect(resolveDir('src', '../../..')).toBe('')
    expect(resolveDir('src', '/etc')).toBe('/etc') // the worker resolves it (and the sandbox refuses it)
    expect(resolveDir('src', '')).toBe('')
    expect(resolveDir('src', '~/a')).toBe('a')
    expect(resolveDir('/tmp/x', '../y')).toBe('/tmp/y')
  })
})

describe('changedLineSpan', () => {
  it('spans the lines between the common head and tail', () => {
    expect(changedLineSpan('a\nb\nc\n', 'a\nB\nc\n')).toEqual({ from: 2, to: 2 })
    expect(changedLineSpan('a\nc\n', 'a\nb1\nb2\nc\n')).toEqual({ from: 2, to: 3 })
    expect(changedLineSpan('same', 'same')).toBeUndefined()
  })
})

describe('LineInput: commands over several lines', () => {
  it('asks for more after a trailing backslash, an open quote or here-document, and runs the lines as one command', () => {
    const input = new LineInput(() => '$ ')
    expect(input.feed('echo one \\')).toEqual([{ kind: 'echo', text: '\r\x1b[2K$ echo one \\' }])
    expect(input.feed('\r')).toEqual([{ kind: 'echo', text: `\r\n${CONTINUATION_PROMPT}` }])
    expect(input.redraw()).toBe('\r\x1b[2K> ')
    input.feed('two')
    expect(input.feed('\r')).toEqual([{ kind: 'submit', command: 'echo one \\\ntwo', echo: '\r\n' }])
    for (const line of ['cat <<EOF', 'hello $((6 * 7))', '', 'EOF']) input.feed(`${line}\r`)
    expect(input.history.at(-1)).toBe('cat <<EOF\nhello $((6 * 7))\n\nEOF')
    input.feed('echo "a')
    expect(input.key('\r')).toEqual({ kind: 'echo', text: `\r\n${CONTINUATION_PROMPT}` })
    input.feed('b"')
    expect(input.key('\r')).toEqual({ kind: 'submit', command: 'echo "a\nb"', echo: '\r\n' })
  })

  it('runs a pasted script line by line: each whole command is submitted, unfinished ones gather lines', () => {
    const input = new LineInput(() => '$ ')
    const actions = input.feed('echo a\r\nfor i in 1 2; do\n  echo $i\ndone\recho b\r')
    expect(actions.filter((a) => a.kind === 'submit').map((a) => a.kind === 'submit' && a.command)).toEqual(['echo a', 'for i in 1 2; do\n  echo $i\ndone', 'echo b'])
    expect(input.line).toBe('')
    expect(input.feed('echo c\rpartial')).toMatchObject([{ kind: 'echo' }, { kind: 'submit', command: 'echo c' }, { kind: 'echo' }])
    expect(input.line).toBe('partial')
  })

  it('Ctrl-C drops the unfinished lines; ↑ recalls a multi-line command whole and redraws all its rows', () => {
    const input = new LineInput(() => '$ ')
    input.feed('if true; then\r')
    expect(input.pending).toEqual(['if true; then'])
    expect(input.key('\x03')).toEqual({ kind: 'interrupt', echo: '^C\r\n' })
    expect(input.pending).toEqual([])
    input.feed('if true; then\recho yes\rfi\r')
    expect(input.history).toEqual(['if true; then\necho yes\nfi'])
    expect(input.key('\x1b[A')).toEqual({ kind: 'echo', text: '\r\x1b[2K$ if true; then\r\n> echo yes\r\n> fi' })
    expect(input.key('\x1b[B')).toEqual({ kind: 'echo', text: '\x1b[2A\r\x1b[J$ ' })
  })
})

describe('needsMoreInput', () => {
  it('tells a whole command from one that needs another line, as bash does', () => {
    for (const whole of ['echo hi', 'echo if then', 'echo "a\\"b"', "echo 'it''s'", 'cat <<EOF\nx\nEOF', 'cat <<-  "E"\n\tx\n\tE', 'for i in 1 2; do echo $i; done', 'case $x in a) echo a;; esac',
      'f() { echo; }', 'echo $((1 + 2)) $(date)', 'ls & echo # trailing | comment', 'if true\nthen\n  echo y\nfi', 'echo a && echo b', 'x=1; echo done']) {
      expect(needsMoreInput(whole), whole).toBe(false)
    }
    for (const more of ['echo one \\', 'echo "open', "echo 'open", 'cat <<EOF', 'cat <<EOF\nbody', 'if true; then', 'for i in 1 2; do', 'while true; do\necho', '{ echo', 'echo $(date', 'ls |', 'true &&', 'false ||', 'case $x in']) {
      expect(needsMoreInput(more), more).toBe(true)
    }
  })
})
