// bash through the real pipeline: one world with the fs tools, sandbox fences, limits, texts.
import { describe, expect, it } from 'vitest'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

const bash = (command: string, extra: Record<string, unknown> = {}) => ({ command, description: 'test command', ...extra })

describe('bash', () => {
  it('sees files written by write, and read sees files made by echo >', async () => {
    const h = await createWorkspaceHarness()
    await h.call('write', { file_path: 'notes/a.txt', content: 'from write\n' })
    expect((await h.call('bash', bash('cat notes/a.txt'))).text).toBe('from write')
    await h.call('bash', bash('echo from bash > b.txt'))
    expect((await h.call('read', { file_path: 'b.txt' })).text).toContain('1: from bash')
  })

  it('reports stderr, exit codes and (no output) in the model text, not as errors', async () => {
    const h = await createWorkspaceHarness()
    const failed = await h.call('bash', bash('echo out; cat missing'))
    expect(failed.text).toBe('out\n[stderr]\ncat: missing: No such file or directory\n[exit code: 1]')
    expect(failed.isError).toBe(false)
    expect((await h.call('bash', bash('true'))).text).toBe('(no output)')
  })

  it('runs in workdir and rejects a missing one', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'sub/x': '' } } })
    expect((await h.call('bash', bash('pwd; ls', { workdir: 'sub' }))).text).toBe('/workspace/sub\nx')
    expect((await h.call('bash', bash('ls', { workdir: 'nowhere' }))).text).toBe('Error: workdir is not a directory: nowhere')
  })

  it('read-only sandbox blocks echo > f and write; nothing is written', async () => {
    const h = await createWorkspaceHarness({ fs: { sandboxMode: 'read-only', files: { 'a.txt': 'keep\n' } } })
    const echo = await h.call('bash', bash('echo x > f.txt'))
    expect(echo.text).toContain('Sandbox (read-only) denies writing f.txt: the workspace is read-only')
    expect(echo.text).toContain('[exit code: 1]')
    const write = await h.call('write', { file_path: 'g.txt', content: 'x' })
    expect(write.error).toEqual({ name: 'FsError', code: 'FS_SANDBOX_DENIED' })
    expect(write.text).toBe('Error: Sandbox (read-only) denies writing g.txt: the workspace is read-only')
    expect(await h.fs.stat(h.fs.resolve('f.txt'))).toBeUndefined()
    expect(await h.fs.stat(h.fs.resolve('g.txt'))).toBeUndefined()
    expect((await h.call('bash', bash('cat a.txt'))).text).toBe('keep')
  })

  it('workspace-write confines bash and the fs tools to the root; danger-full-access does not', async () => {
    const h = await createWorkspaceHarness()
    const escape = await h.call('bash', bash('echo x > ../../etc/evil; mkdir /outside'))
    expect(escape.text).toContain('denies access to /etc/evil: it is outside the workspace root /workspace')
    for (const file_path of ['../escape.txt', '/tmp/x', '/workspace/../etc/y']) {
      const write = await h.call('write', { file_path, content: 'x' })
      expect(write.error?.code).toBe('FS_SANDBOX_DENIED')
    }
    expect((await h.call('read', { file_path: 'a\u0000b' })).text).toBe('Error: Invalid path: paths may not contain NUL bytes')
    expect((await h.call('write', { file_path: `${'n'.repeat(300)}.txt`, content: 'x' })).error?.code).toBe('FS_PERMISSION_DENIED')
    expect((await h.call('bash', bash('ln -s /etc link'))).text).toMatch(/\[exit code: 1\]/)
    expect(await h.fs.listDir(h.fs.resolve('/'), undefined, { mode: 'danger-full-access' })).toEqual([expect.objectContaining({ name: 'workspace' })])
    const free = await createWorkspaceHarness({ fs: { sandboxMode: 'danger-full-access' } })
    await free.call('bash', bash('mkdir -p /tmp && echo ok > /tmp/x'))
    expect(await free.read('/tmp/x')).toBe('ok\n')
  })

  it('a runaway loop ends with the named limit error', async () => {
    // A small command limit keeps the loop short; the defaults are pinned in shell-justbash/limits.spec.ts.
    const h = await createWorkspaceHarness({ shell: { limits: { maxCommandCount: 10_000 } } })
    const loop = await h.call('bash', bash('while true; do :; done'))
    expect(loop.error).toEqual({ name: 'ShellLimitError', code: 'SHELL_LIMIT_EXCEEDED' })
    expect(loop.text).toContain('Error: The command was stopped by a shell limit: too many commands executed (>10000), increase executionLimits.maxCommandCount — the embedded shell\'s maxCommandCount limit; one bash call runs at most 10,000 commands')
    const recursion = await h.call('bash', bash('f(){ f; }; f'))
    expect(recursion.text).toContain('maximum recursion depth (100) exceeded')
    expect((await h.call('bash', bash('echo still alive'))).text).toBe('still alive')
  })

  it('times out with a marker and keeps only the output tail', async () => {
    const h = await createWorkspaceHarness({ shell: { stdoutMaxBytes: 100 } })
    const slow = await h.call('bash', bash('sleep 5', { timeoutMs: 50 }))
    expect(slow.text).toBe('[stderr]\nbash: execution aborted\n[timed out after 50ms]')
    const long = await h.call('bash', bash('seq 1 1000'))
    expect(long.text.startsWith('[output truncated; showing the last part]\n')).toBe(true)
    expect(long.text.endsWith('999\n1000')).toBe(true)
  })

  it('has no network commands by default', async () => {
    const h = await createWorkspaceHarness()
    expect((await h.call('bash', bash('curl https://example.com'))).text).toContain('curl: command not found')
  })

  it('presents a terminal card', async () => {
    const h = await createWorkspaceHarness()
    const tool = h.root.tools.get('bash')!
    expect(tool.presentCall!({ command: 'ls', description: 'list files' })).toEqual({ card: 'terminal', title: 'ls', description: 'list files' })
    expect(tool.isConcurrencySafe).toBeUndefined()
    expect(tool.effect).toBe('execute')
  })
})
