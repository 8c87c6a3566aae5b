/**
 * The one composition of plugins, as data: ordered entries with stable ids that patches name.
 * Plane: worker/shared. The only file that imports every plugin (those a runtime may not use, lazily); the worker, Node tests and demos
 * boot this same list. Add a plugin with one line: `{ id: '<kebab-id>', plugin: X, config?: {...} }`.
 * @module kernel/compose
 */
import AgentService from '../agent-loop/index.ts'
import ApprovalService from '../approval/index.ts'
import MemoryFileSystem from '../fs-memory/index.ts'
import LlmRuntime from '../llm/index.ts'
import * as Budget from '../plugins/budget/index.ts'
import * as RepeatToolGuard from '../plugins/repeat-tool-guard/index.ts'
import * as TimeContext from '../plugins/time-context/index.ts'
import CompactionService from '../plugins/compaction/index.ts'
import ToolResultPruner from '../plugins/tool-result-pruner/index.ts'
import JobRegistry from '../jobs/index.ts'
import * as JobNotices from '../plugins/job-notices/index.ts'
import * as FsObservation from '../plugins/fs-observation/index.ts'
import * as PersonSaves from '../plugins/person-saves/index.ts'
import * as WarmParts from '../plugins/warm-parts/index.ts'
import * as WorkspaceSave from '../plugins/workspace-save/index.ts'
import * as AgentInstructions from '../plugins/agent-instructions/index.ts'
import * as LlmRetry from '../plugins/llm-retry/index.ts'
import Permissions from '../plugins/permissions/index.ts'
import ApprovalRules from '../plugins/approval-rules/index.ts'
import * as ToolTimeout from '../plugins/tool-timeout/index.ts'
import * as ToolProgress from '../plugins/tool-progress/index.ts'
import SystemPromptRegistry from '../prompt/index.ts'
import SessionStore from '../session/index.ts'
import SessionQueryService from '../session-query/index.ts'
import * as SessionInvariant from '../session/invariant.ts'
import JustBashShell from '../shell-justbash/index.ts'
import * as RunCode from '../run-code/index.ts'
import * as ToolFs from '../tool-fs/index.ts'
import * as ToolShell from '../tool-shell/index.ts'
import * as ToolTodo from '../tool-todo/index.ts'
import * as ToolSessionQuery from '../tool-session-query/index.ts'
import ToolRegistry from '../tools/index.ts'
import SpillService from '../spill/index.ts'
import SkillRegistry from '../skills/index.ts'
import * as SkillsWorkspace from '../skills-workspace/index.ts'
import * as ToolSkill from '../tool-skill/index.ts'
import * as ToolWeb from '../tool-web/index.ts'
import * as ToolSiteSearch from '../tool-site-search/index.ts'
import UserQuestionService from '../user-questions/index.ts'
import * as ToolAskUser from '../tool-ask-user/index.ts'
import type { CompositionEntry } from './types.ts'
import { lazyPlugin } from './lazy-plugin.ts'

/** Entries one runtime uses or not (a storage, a model provider, a workspace): imported only when enabled. */
const MemorySessionBackend = lazyPlugin('MemorySessionBackend', async () => (await import('../session-memory/index.ts')).default)
const IdbSessionBackend = lazyPlugin('IdbSessionBackend', async () => (await import('../session-idb/index.ts')).default)
const LlmScripted = lazyPlugin('llm-scripted', () => import('../llm-scripted/index.ts'))
const LlmOpenAiCompatible = lazyPlugin('llm-openai-compatible', () => import('../llm-openai-compatible/index.ts'))
const LlmOpenAiResponses = lazyPlugin('llm-openai-responses', () => import('../llm-openai-responses/index.ts'))
const LlmAnthropic = lazyPlugin('llm-anthropic', () => import('../llm-anthropic/index.ts'))
const LlmGemini = lazyPlugin('llm-gemini', () => import('../llm-gemini/index.ts'))
const LlmGateway = lazyPlugin('llm-gateway', () => import('../llm-gateway/index.ts'))
const LlmReplay = lazyPlugin('llm-replay', () => import('../llm-replay/index.ts'))
const WebContainerFileSystem = lazyPlugin('WebContainerFileSystem', async () => (await import('../fs-webcontainer/index.ts')).default)
const WebContainerShell = lazyPlugin('WebContainerShell', async () => (await import('../shell-webcontainer/index.ts')).default)
const McpClient = lazyPlugin('mcp-client', () => import('../mcp-client/index.ts'))

/** Default entries in mount order. Ids are public API: host pages patch by them. */
export const composition: readonly CompositionEntry[] = Object.freeze([
  { id: 'session-memory', plugin: MemorySessionBackend },
  { id: 'session-idb', plugin: IdbSessionBackend, disabled: true },
  { id: 'session', plugin: SessionStore },
  { id: 'session-invariant', plugin: SessionInvariant },
  { id: 'session-query', plugin: SessionQueryService },
  { id: 'llm', plugin: LlmRuntime },
  { id: 'llm-scripted', plugin: LlmScripted },
  { id: 'llm-openai-compatible', plugin: LlmOpenAiCompatible, disabled: true },
  { id: 'llm-openai-responses', plugin: LlmOpenAiResponses, disabled: true },
  { id: 'llm-anthropic', plugin: LlmAnthropic, disabled: true },
  { id: 'llm-gemini', plugin: LlmGemini, disabled: true },
  { id: 'llm-replay', plugin: LlmReplay, disabled: true },
  { id: 'llm-gateway', plugin: LlmGateway, disabled: true },
  { id: 'llm-retry', plugin: LlmRetry },
  { id: 'tools', plugin: ToolRegistry },
  { id: 'prompt', plugin: SystemPromptRegistry },
  { id: 'approval', plugin: ApprovalService },
  { id: 'permissions', plugin: Permissions },
  // After permissions: its pre-execute listener then wraps the permissions gate and sees its `ask`.
  { id: 'approval-rules', plugin: ApprovalRules },
  { id: 'tool-timeout', plugin: ToolTimeout },
  { id: 'tool-progress', plugin: ToolProgress },
  { id: 'spill', plugin: SpillService },
  { id: 'fs-memory', plugin: MemoryFileSystem, config: { mirror: 'memory' } },
  { id: 'fs-webcontainer', plugin: WebContainerFileSystem, disabled: true },
  { id: 'shell-justbash', plugin: JustBashShell },
  { id: 'run-code', plugin: RunCode },
  { id: 'shell-webcontainer', plugin: WebContainerShell, disabled: true },
  { id: 'jobs', plugin: JobRegistry },
  { id: 'fs-observation', plugin: FsObservation },
  { id: 'workspace-save', plugin: WorkspaceSave },
  { id: 'tool-fs', plugin: ToolFs },
  { id: 'tool-shell', plugin: ToolShell },
  { id: 'tool-todo', plugin: ToolTodo },
  { id: 'tool-session-query', plugin: ToolSessionQuery },
  { id: 'agent-instructions', plugin: AgentInstructions },
  { id: 'user-questions', plugin: UserQuestionService },
  { id: 'tool-ask-user', plugin: ToolAskUser },
  { id: 'skills', plugin: SkillRegistry },
  { id: 'skills-workspace', plugin: SkillsWorkspace },
  { id: 'tool-skill', plugin: ToolSkill },
  { id: 'tool-web', plugin: ToolWeb },
  { id: 'tool-site-search', plugin: ToolSiteSearch },
  { id: 'tool-result-pruner', plugin: ToolResultPruner },
  { id: 'compaction', plugin: CompactionService },
  { id: 'agents', plugin: AgentService, config: { defaults: { provider: 'scripted', model: 'scripted-model' } } },
  { id: 'budget', plugin: Budget, config: { maxStepsPerTurn: 100 } },
  { id: 'repeat-tool-guard', plugin: RepeatToolGuard },
  { id: 'time-context', plugin: TimeContext, disabled: true },
  { id: 'job-notices', plugin: JobNotices },
  { id: 'person-saves', plugin: PersonSaves },
  { id: 'warm-parts', plugin: WarmParts },
])

/** Plugins mounted once per configured item rather than from the list: runtime options insert them (`mcp/server-<n>`). */
export const perItemPlugins = Object.freeze({ mcpClient: McpClient })
