import { Context } from '@deepseek-ai/cordis'
import { expect, it } from 'vitest'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import JustBashShell from '../../../src/shell-justbash/index.ts'

it('smoke', async () => {
  const root = new Context()
  await root.plugin(MemoryFileSystem, { mirror: 'none', files: { 'a.txt': 'hi\n', 'src/b.ts': 'x' } })
  await root.plugin(JustBashShell, {})
  const sh = root.shell
  for (const command of ['ls', 'cat a.txt', 'echo yo > c.txt && cat c.txt', 'echo x > /dev/null; echo $?', 'cat nope', 'ls /', 'echo x > /etc/p', 'grep -rn x . | sort', 'pwd', 'mkdir -p d/e && ls -R', 'ln -s a.txt l', 'while true; do :; done', 'cd ..; pwd; ls', 'echo $HOME', 'cp a.txt z && mv z y && ls']) {
    const r = await sh.run(sh.resolve({ command }))
    console.log(JSON.stringify(command), JSON.stringify(r.stdout.text), JSON.stringify(r.stderr.text), r.exitCode, r.limit ?? '')
  }
  expect(await root.fs.readText(root.fs.resolve('c.txt'))).toBe('yo\n')
})
