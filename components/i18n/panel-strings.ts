/**
 * UI strings only the side panels and the question card show (sessions, settings, MCP servers,
 * the agent's question), in English and Chinese, on top of the widget's own (strings.ts): they load
 * with the panels, not with `<dsh-agent>`. Plane: main.
 * Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/panel-strings
 */
import { strings, type Strings } from './strings.ts'

const en = {
  newSession: 'New session', exportFile: 'Export', importFile: 'Import', delete: 'Delete', confirmDelete: 'Delete this session? This cannot be undone.',
  confirm: 'Confirm', cancel: 'Cancel', storageOk: 'Saved in this browser', sizeUnknown: 'size not reported by this browser',
  persisted: 'kept until you delete it', bestEffort: 'the browser may clear it when space runs low',
  persistUnavailable: 'this browser cannot be asked to keep it: export sessions you want to keep', mcpServers: 'MCP servers', mcpName: 'Name',
  mcpUrl: 'Server URL', mcpToken: 'Bearer token (optional)', mcpAdd: 'Add server', mcpRemove: 'Remove', mcpClearToken: 'Clear token',
  mcpNone: 'No MCP servers', mcpHasToken: 'token set', mcpTokenRemembered: 'token remembered on this device',
  mcpRememberToken: 'Remember the token on this device', mcpInvalid: 'Name: letters, digits, _ or -, up to 32; URL: http(s), not already added',
  provider: 'Provider', baseUrl: 'Base URL', model: 'Model', apiKey: 'API key', save: 'Save', clearKey: 'Clear key',
  rememberKey: 'Remember the key on this device',
  rememberWarning: 'A remembered key is stored in this site’s browser storage: any script running on this site can read it.',
  keyInMemory: 'Key kept in memory for this tab only', keyRemembered: 'Key remembered on this device', noKey: 'No key set', gatewayNoKey: 'Answers come through this site’s gateway: no key is needed.',
  deleteAll: 'Delete all my data', confirmDeleteAll: 'Delete every session, workspace and setting stored by this agent?',
  noSessions: 'No saved sessions', questionTitle: 'The agent asks', questionOther: 'Other', questionOtherPlaceholder: 'Other: type your own answer',
  questionAnswer: 'Answer', questionHint: 'Arrow keys move, Space or Enter chooses, Ctrl+Enter answers',
}

const zh: typeof en = {
  newSession: '新会话', exportFile: '导出', importFile: '导入', delete: '删除', confirmDelete: '删除此会话？此操作无法撤销。', confirm: '确认', cancel: '取消',
  storageOk: '已保存在此浏览器', sizeUnknown: '此浏览器不报告占用大小', persisted: '会一直保留，直到你删除', bestEffort: '空间不足时浏览器可能清除', persistUnavailable: '此浏览器无法申请持久保存：请导出要保留的会话',
  mcpServers: 'MCP 服务器', mcpName: '名称', mcpUrl: '服务器地址', mcpToken: 'Bearer 令牌（可选）', mcpAdd: '添加服务器', mcpRemove: '移除', mcpClearToken: '清除令牌',
  mcpNone: '没有 MCP 服务器', mcpHasToken: '已设置令牌', mcpTokenRemembered: '令牌已记在此设备上', mcpRememberToken: '在此设备上记住令牌',
  mcpInvalid: '名称：字母、数字、_ 或 -，最多 32 个；地址：http(s)，且未添加过', provider: '服务商', baseUrl: '接口地址', model: '模型', apiKey: 'API 密钥', save: '保存', clearKey: '清除密钥',
  rememberKey: '在此设备上记住密钥', rememberWarning: '记住的密钥保存在本站点的浏览器存储中：本站点运行的任何脚本都能读取它。', keyInMemory: '密钥仅保存在此标签页的内存中', keyRemembered: '密钥已记在此设备上',
  noKey: '未设置密钥', gatewayNoKey: '回答经由本站的网关：无需密钥。', deleteAll: '删除我的全部数据', confirmDeleteAll: '删除此智能体保存的所有会话、工作区和设置？', noSessions: '没有已保存的会话', questionTitle: '智能体想问你', questionOther: '其他',
  questionOtherPlaceholder: '其他：输入你自己的回答', questionAnswer: '回答', questionHint: '方向键移动，空格或回车选择，Ctrl+Enter 提交',
}

export type PanelStrings = Strings & typeof en

const tables = { en: { ...strings('en'), ...en }, zh: { ...strings('zh'), ...zh } }

export function panelStrings(lang: string | null | undefined): PanelStrings {
  return lang === 'zh' ? tables.zh : tables.en
}
