/**
 * Cordis declarations of the tools seam: `ctx.tools`, the five pipeline events and `tools/progress`.
 * Plane: shared; types only. Dispatch is unfiltered: listeners read `exec.agent` to scope themselves.
 * @module tools/events
 */
import type { ToolExecution, ToolExecutionResult, ToolProgress, PreToolDecision, PostToolDecision } from './types.ts'
import type { ToolRegistry } from './registry.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    tools: ToolRegistry
  }
  interface Events {
    /**
     * Allow, deny or ask before dispatch; `next()` delegates (default `allow`). Arguments are frozen.
     * @mode waterfall
     */
    'tools/pre-execute'(exec: ToolExecution, next: () => Promise<PreToolDecision>): Promise<PreToolDecision>
    /**
     * Around the tool body; a wrapper may only replace `exec.signal` (fused with the caller's).
     * @mode waterfall
     */
    'tools/execute'(exec: ToolExecution, next: () => Promise<ToolExecutionResult>): Promise<ToolExecutionResult>
    /**
     * Accept (optionally replacing content or value), or block with feedback; default `accept`.
     * @mode waterfall
     */
    'tools/post-execute'(exec: ToolExecution, result: Readonly<ToolExecutionResult>, next: () => Promise<PostToolDecision>): Promise<PostToolDecision>
    /**
     * The frozen final outcome of one execution; observer failures are contained.
     * @mode emit
     */
    'tools/result'(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): void
    /**
     * A running body reported progress (`exec.progress`); observer failures are contained.
     * @mode emit
     */
    'tools/progress'(exec: Readonly<ToolExecution>, progress: Readonly<ToolProgress>): void
    /**
     * The set of tools changed (register, dispose, restrict); unfiltered.
     * @mode emit
     */
    'tools/change'(): void
  }
}
