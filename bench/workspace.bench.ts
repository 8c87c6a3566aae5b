/**
 * Workspace cost (issue 6): the shell's first use (lazy just-bash import + Bash creation + first
 * exec), `ls` and `grep | sort` medians afterwards, and read/write of a 1 MB file through ctx.fs.
 * Plane: Node (npm run bench); the bars are for Chromium's worker: workspace-chromium.bench.ts.
 * @module bench/workspace
 */
import { Context } from '@deepseek-ai/cordis'
import MemoryFileSystem from '../src/fs-memory/index.ts'
import JustBashShell from '../src/shell-justbash/index.ts'
import { measure, note, record, report } from './harness.ts'

const files: Record<string, string> = {}
for (let i = 0; i < 40; i++) files[`src/m${i}.ts`] = `// module ${i}\n${i % 3 === 0 ? '// TODO fix\n' : ''}export const v${i} = ${i}\n`

const root = new Context()
await root.plugin(MemoryFileSystem, { mirror: 'none', files })
await root.plugin(JustBashShell, {})
const run = (command: string) => root.shell.run(root.shell.resolve({ command }))

const started = performance.now()
await run('true')
record({
  name: 'shell first use (import just-bash/browser + new Bash + exec true), Node',
  unit: 'ms', method: 'one cold run in this process', median: performance.now() - started, spread: { min: 0, max: 0 }, samples: 1,
})

const mb = 'x'.repeat(79) + '\n'
const big = mb.repeat(Math.ceil((1024 * 1024) / mb.length))
const target = root.fs.resolve('big.txt')
await root.fs.writeText(target, big)

report([
  await measure('bash ls', () => run('ls src'), { warmup: 20, samples: 200 }),
  await measure('bash grep -rn TODO src | sort', () => run('grep -rn TODO src | sort'), { warmup: 20, samples: 200 }),
  await measure('ctx.fs writeText 1 MB', () => root.fs.writeText(target, big), { warmup: 5, samples: 50 }),
  await measure('ctx.fs readText 1 MB', () => root.fs.readText(target), { warmup: 5, samples: 50 }),
  await measure('bash wc -c on a 1 MB file', () => run('wc -c big.txt'), { warmup: 5, samples: 50 }),
])
note('workspace (Node): reference figures without targets; issue 6 sets its bars for Chromium\'s worker, measured by workspace-chromium.bench.ts.')
note('workspace: the IndexedDB mirror is write-behind (off the call path), so these figures exclude it by design.')
