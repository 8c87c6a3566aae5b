// The terminal's line discipline and the changed-line span the editor highlights.
import { describe, expect, it } from 'vitest'
import { LineInput } from '../../../components/dsh-workspace/line-input.ts'
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
