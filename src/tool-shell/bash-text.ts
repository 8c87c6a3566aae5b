/**
 * The model-facing text of `bash`: a foreground run's stdout, `[stderr]` part, `(no output)`,
 * truncation notes and markers `[timed out after Nms]`, `[killed by signal: S]`, `[exit code: N]`;
 * the sentence of a background start. Plane: shared; pure.
 * @module tool-shell/bash-text
 */
import type { ShellRunResult } from '../shell/types.ts'

export function renderBash(result: ShellRunResult): string {
  const parts: string[] = []
  const stdout = result.stdout.text.replace(/\n$/, '')
  const stderr = result.stderr.text.replace(/\n$/, '')
  if (stdout) parts.push(result.stdout.truncated ? `[output truncated; showing the last part]\n${stdout}` : stdout)
  if (stderr) parts.push(`[stderr]\n${result.stderr.truncated ? '[truncated; showing the last part]\n' : ''}${stderr}`)
  if (parts.length === 0) parts.push('(no output)')
  if (result.timedOut) parts.push(`[timed out after ${result.timeoutMs}ms]`)
  else if (result.signal) parts.push(`[killed by signal: ${result.signal}]`)
  else if (result.exitCode !== 0 && result.exitCode !== null) parts.push(`[exit code: ${result.exitCode}]`)
  return parts.join('\n')
}

/** The model-facing sentence of a `bash` call started with `run_in_background`. */
export function renderBackground(jobId: string): string {
  return `Started background job ${jobId}. It keeps running while you continue; call job_output with job_id "${jobId}" to read its new output and exit status, or job_kill to stop it.`
}
