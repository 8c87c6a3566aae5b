// Shell limits named (issue 23.5): a command stopped by a just-bash execution limit comes back
// with the limit's name and a workaround, from the real just-bash run with small configured limits
// (so each stop is quick); `yes` gets a hint; the defaults are the raised ones the README lists.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import { JustBashBackend } from '../../../src/shell-justbash/justbash-backend.ts'
import { DEFAULT_LIMITS, nameLimit, type ExecutionLimits } from '../../../src/shell-justbash/limits.ts'

const small: ExecutionLimits = {
  maxOutputSize: 4096, maxStringLength: 2048, maxCommandCount: 300, maxLoopIterations: 50, maxArrayElements: 60,
  maxCallDepth: 10, maxAwkIterations: 50, maxSedIterations: 50, maxJqIterations: 50, maxBraceExpansionResults: 50,
}

async function run(command: string, limits: ExecutionLimits = small) {
  const root = new Context()
  await root.plugin(MemoryFileSystem, { mirror: 'none' })
  const shell = new JustBashBackend(root.fs, { limits, env: {} })
  let stderr = ''
  const io = { stdout: () => {}, stderr: (text: string) => { stderr += text } }
  const outcome = await shell.execute({ command, workdir: root.fs.root, timeoutMs: 60_000, stdoutMaxBytes: 1 << 20, sandboxPolicy: undefined }, io, new AbortController().signal)
  return { ...outcome, stderr }
}

describe('shell limits named', () => {
  it.each([
    ['seq 1 100 > n.txt', 'maxLoopIterations/maxArrayElements', 'seq prints at most 50 numbers per call: split the range'],
    ['for ((i=0;i<70;i++)); do :; done', 'maxLoopIterations', 'a shell loop runs at most 50 iterations'],
    ['for ((i=0;i<45;i++)); do :; :; :; :; :; :; :; done', 'maxCommandCount', 'one bash call runs at most 300 commands'],
    ['f(){ f; }; f', 'maxCallDepth', 'functions nest at most 10 deep'],
    ['awk "BEGIN{for(i=0;i<100;i++)x++}"', 'maxAwkIterations', 'an awk loop runs at most 50 iterations'],
    ["echo x | sed ':a;ba'", 'maxSedIterations', 'sed branch loops run at most 50 times'],
    ['jq -n "[limit(100; repeat(1))]"', 'maxJqIterations', 'bound repeat/while/until with limit(n; …)'],
    ['a=(); for i in 1 2 3 4 5 6 7 8; do a+=(1 2 3 4 5 6 7 8 9); done', 'maxArrayElements', 'holds at most 60 elements'],
  ])('%s → %s', async (command, name, advice) => {
    const result = await run(command)
    expect(result.exitCode).toBe(126)
    expect(result.limit).toContain(`the embedded shell's ${name} limit; `)
    expect(result.limit).toContain(advice)
  })

  it('the output limit names its size and tells to write in several calls', async () => {
    const big = await run('printf "%01000d" 0 > a; cat a a a a a a > b', { ...small, maxStringLength: 1 << 20 })
    expect(big.exitCode).toBe(126)
    expect(big.limit).toMatch(/output size (limit )?exceeded \(>?4096 bytes\).*the embedded shell's maxOutputSize limit; one bash call writes at most 4,096 bytes in total .*append with >>/)
    const defaults = nameLimit('bash: pipeline: total output size exceeded (>268435456 bytes), increase executionLimits.maxOutputSize\n', DEFAULT_LIMITS)
    expect(defaults).toEqual({ line: 'pipeline: total output size exceeded (>268435456 bytes), increase executionLimits.maxOutputSize', name: 'maxOutputSize', advice: expect.stringContaining('at most 256 MiB in total') })
  })

  it('a limit just-bash names but we do not explain keeps its key and a generic workaround', () => {
    expect(nameLimit('bash: tar: archive entry limit exceeded (12), increase executionLimits.maxArchiveEntries', DEFAULT_LIMITS))
      .toEqual({ line: 'tar: archive entry limit exceeded (12), increase executionLimits.maxArchiveEntries', name: 'maxArchiveEntries', advice: expect.stringContaining('split it over several calls') })
    expect(nameLimit('grep: no such file', DEFAULT_LIMITS)).toBeUndefined()
  })

  it('`yes` is missing and says what to use instead; the suggestion works', async () => {
    const yes = await run('yes | head -3')
    expect(yes.exitCode).toBe(0) // a pipeline exits with its last command
    expect(yes.stderr).toContain("dsh: the embedded shell has no `yes`")
    expect(yes.limit).toBeUndefined()
    let stdout = ''
    const root = new Context()
    await root.plugin(MemoryFileSystem, { mirror: 'none' })
    await new JustBashBackend(root.fs, { limits: {}, env: {} }).execute({ command: "printf 'y\\n%.0s' $(seq 3)", workdir: root.fs.root, timeoutMs: 60_000, stdoutMaxBytes: 1 << 20, sandboxPolicy: undefined }, { stdout: (t) => { stdout += t }, stderr: () => {} }, new AbortController().signal)
    expect(stdout).toBe('y\ny\ny\n')
    expect((await run('nosuchcommand')).stderr).not.toContain('dsh:')
  })

  it('defaults are raised above just-bash normal profile: 256 MiB output, seq past 100,000', async () => {
    expect(DEFAULT_LIMITS).toMatchObject({ maxOutputSize: 256 * 2 ** 20, maxCommandCount: 1_000_000, maxLoopIterations: 10_000_000 })
    const seq = await run('seq 1 150000 | tail -1', {})
    expect(seq.exitCode).toBe(0)
  })
})
