/**
 * The embedded shell's execution limits: our defaults (raised from just-bash's `normal` profile to
 * what a 24 GB machine handles, measured: see README), and the naming of a stop line (exit 126)
 * with how to work around it, so the model reads "maxLoopIterations … split the range" instead of
 * a bare "iteration limit exceeded". Also the missing command scripts reach for (`yes`).
 * Plane: worker; pure (types only from just-bash, which stays lazily loaded).
 * Contract: `nameLimit` returns undefined for a line that is not a limit stop.
 * @module shell-justbash/limits
 */
import type { BashOptions } from 'just-bash/browser'

export type ExecutionLimits = NonNullable<BashOptions['executionLimits']>

/**
 * Defaults (config `limits` overrides any key). Measured in Node on the 2-vCPU/24 GB VM: writing
 * 167 MB through redirects peaked at +337 MiB RSS, `seq 1 3000000` at +240 MiB (2.1 s); a
 * `while true` loop stops at the command count in ≈7 s of worker time (the page stays responsive).
 */
export const DEFAULT_LIMITS = {
  maxOutputSize: 256 * 2 ** 20, // just-bash normal: 256 MiB (we had lowered it to 16 MiB)
  maxStringLength: 256 * 2 ** 20, // normal: 64 MiB
  maxCommandCount: 1_000_000, // normal: 100,000
  maxLoopIterations: 10_000_000, // normal: 100,000 (the command count bounds loops doing work)
  maxArrayElements: 10_000_000, // normal: 1,000,000; seq is bounded by min(loop, array)
  maxCallDepth: 100,
  maxAwkIterations: 1_000_000, // normal: 100,000
  maxSedIterations: 1_000_000,
  maxJqIterations: 1_000_000,
  maxBraceExpansionResults: 1_000_000, // normal: 100,000
} satisfies ExecutionLimits

export interface NamedLimit {
  /** just-bash's stop line, verbatim (without the `bash: ` prefix). */
  readonly line: string
  /** The `executionLimits` key(s) behind it, e.g. `maxLoopIterations`. */
  readonly name: string
  /** What it bounds and how to stay under it, one or two sentences. */
  readonly advice: string
}

/** The limits a stop is explained with (the defaults merged with the config). */
export type Limits = typeof DEFAULT_LIMITS

const count = (n: number): string => n.toLocaleString('en')
const mib = (n: number): string => (n >= 2 ** 20 ? `${count(Math.round(n / 2 ** 20))} MiB` : `${count(n)} bytes`)

interface Rule { match: RegExp; name: string; advice(l: Limits): string }

/** Most specific first: seq's line and the output lines also mention iterations or sizes. */
const RULES: readonly Rule[] = [
  { match: /\bseq: iteration limit exceeded/, name: 'maxLoopIterations/maxArrayElements',
    advice: (l) => `seq prints at most ${count(Math.min(l.maxLoopIterations, l.maxArrayElements))} numbers per call: split the range over several calls (seq 1 N, then seq N+1 2N >> file).` },
  { match: /output size (?:limit )?exceeded|format width limit exceeded/, name: 'maxOutputSize',
    advice: (l) => `one bash call writes at most ${mib(l.maxOutputSize)} in total (stdout, stderr and redirects into files together): write large files in several calls (append with >>), or use the write tool.` },
  { match: /too many commands executed/, name: 'maxCommandCount',
    advice: (l) => `one bash call runs at most ${count(l.maxCommandCount)} commands: replace a per-item shell loop by one command over all items (awk, sed, xargs), or split the work over several calls.` },
  { match: /(?:for|while|until) loop: too many iterations/, name: 'maxLoopIterations',
    advice: (l) => `a shell loop runs at most ${count(l.maxLoopIterations)} iterations per call: bound the loop, or split it over several calls.` },
  { match: /maximum recursion depth|call depth/, name: 'maxCallDepth',
    advice: (l) => `functions nest at most ${count(l.maxCallDepth)} deep: make the recursion a loop.` },
  { match: /^awk: .*(?:maximum iterations|iteration limit)/, name: 'maxAwkIterations',
    advice: (l) => `an awk loop runs at most ${count(l.maxAwkIterations)} iterations: process the input line by line instead of looping in BEGIN, or split the input.` },
  { match: /^sed: .*(?:maximum iterations|iteration limit)/, name: 'maxSedIterations',
    advice: (l) => `sed branch loops run at most ${count(l.maxSedIterations)} times: avoid unbounded :a;ba loops, or split the input.` },
  { match: /^jq\b.*(?:too many iterations|iteration limit)/, name: 'maxJqIterations',
    advice: (l) => `jq loops run at most ${count(l.maxJqIterations)} iterations: bound repeat/while/until with limit(n; …).` },
  { match: /brace/, name: 'maxBraceExpansionResults',
    advice: (l) => `a brace expansion yields at most ${count(l.maxBraceExpansionResults)} words: use seq for long ranges.` },
  { match: /string (?:length )?limit exceeded/, name: 'maxStringLength',
    advice: (l) => `a shell string holds at most ${mib(l.maxStringLength)}: keep large data in files and pipes, not in variables or $(…).` },
  { match: /array element limit exceeded/, name: 'maxArrayElements',
    advice: (l) => `an array or argument list holds at most ${count(l.maxArrayElements)} elements: stream items through a pipe (xargs, while read) instead.` },
]

/** Any other limit stop; when just-bash names the key to raise, that key. */
const OTHER_LIMIT = /limit exceeded|too many iterations|maximum iterations|increase executionLimits/
const KEY = /increase executionLimits\.(\w+)/

/** The named limit of a stop (exit 126) line in `stderr`, or undefined when `stderr` holds none. */
export function nameLimit(stderr: string, limits: Limits): NamedLimit | undefined {
  for (const raw of stderr.split('\n')) {
    const line = raw.replace(/^bash: /, '').trim()
    const rule = RULES.find((r) => r.match.test(line))
    if (rule) return { line, name: rule.name, advice: rule.advice(limits) }
    if (OTHER_LIMIT.test(line)) return { line, name: KEY.exec(line)?.[1] ?? 'execution', advice: 'make the command do less work per call (smaller inputs, bounded loops) or split it over several calls.' }
  }
  return undefined
}

/** The model-facing sentence of a named limit. */
export function describeLimit(limit: NamedLimit): string {
  return `${limit.line} — the embedded shell's ${limit.name} limit; ${limit.advice}`
}

/** Commands the embedded shell lacks that scripts reach for, with what to use instead. */
const MISSING: Readonly<Record<string, string>> = {
  yes: "the embedded shell has no `yes` (its pipes are not streamed, so an endless producer is never stopped by head): print N lines with `printf 'y\\n%.0s' $(seq N)` or `seq N | sed 's/.*/y/'`.",
}

/** A hint line for a known missing command in `stderr` (also inside a pipeline, whose exit code is the last one), or undefined. */
export function missingCommandHint(stderr: string): string | undefined {
  const name = /(?:^|\n)(?:bash: )?(\S+): command not found/.exec(stderr)?.[1]
  return name !== undefined && Object.hasOwn(MISSING, name) ? `dsh: ${MISSING[name]}` : undefined
}
