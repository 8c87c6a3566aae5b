/**
 * UI strings of `<dsh-workspace>` — file tree, editor, terminal, preview and layout — in English
 * and Chinese. Plane: main. Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/workspace-strings
 */
const en = {
  workspace: 'Workspace', files: 'Files', editor: 'Editor', terminal: 'Terminal', preview: 'Preview', agent: 'Agent',
  notBound: 'Not connected: no <dsh-agent> with this id on the page', connecting: 'Connecting to the agent’s workspace…',
  webContainerNotUsed: 'WebContainer not used — the embedded workspace and shell (just-bash) run instead:',
  newFile: 'New file', newFolder: 'New folder', rename: 'Rename', delete: 'Delete', download: 'Download', downloadZip: 'Download all (.zip)',
  namePrompt: 'Name (relative to the workspace)', create: 'Create', cancel: 'Cancel', confirm: 'Confirm',
  confirmDelete: 'Delete', confirmDeleteTail: 'from the workspace? This cannot be undone.',
  showMore: 'Show more', of: 'of', empty: 'The workspace is empty', dropHint: 'Drop text files here to add them',
  dropBinary: 'is not a text file: only text files can be added', dropExists: 'already exists: rename or delete it first',
  dropAdded: 'Added', openFiles: 'Open files', save: 'Save', saved: 'Saved', unsaved: 'unsaved changes', closeTab: 'Close',
  noFile: 'Open a file from the tree', binary: 'is a binary file: it is not opened in the editor', tooLarge: 'is too large to open here',
  bytes: 'bytes', limit: 'limit',
  changedByAgent: 'Changed by the agent — highlighted lines are new', conflict: 'The agent changed this file while you were editing it.',
  keepMine: 'Keep mine (save over theirs)', takeTheirs: 'Take theirs (discard mine)', showTheirs: 'Show their version',
  deletedByAgent: 'The agent deleted this file; your text is still here — save to recreate it.',
  staleSave: 'The file changed since you opened it; nothing was saved.',
  shellJustBash: 'just-bash (in-browser shell): output appears when a command ends', shellWebContainer: 'WebContainer shell: output streams as it runs',
  agentRan: 'agent', running: 'running', exit: 'exit', interrupted: 'interrupted', terminalLabel: 'Workspace terminal',
  quietRun: '… no output yet: just-bash shows it when the command ends (Ctrl+C stops it)',
  previewNone: 'No preview: open an HTML file, or start a server in a WebContainer workspace', reload: 'Reload', previewFile: 'Preview this file',
  previewSandboxed: 'Sandboxed preview (no access to this page or its storage)',
  resize: 'Resize', shortcuts: 'Keyboard shortcuts',
  shortcutList: 'Ctrl/⌘+S save · Ctrl/⌘+F find · Ctrl/⌘+Z undo · Ctrl+C in the terminal interrupts · Alt+1…5 switch pane · arrows on a divider resize',
}

export type WorkspaceStrings = typeof en

const zh: WorkspaceStrings = {
  workspace: '工作区', files: '文件', editor: '编辑器', terminal: '终端', preview: '预览', agent: '助手面板',
  notBound: '未连接：页面上没有该 id 的 <dsh-agent>', connecting: '正在连接助手的工作区…',
  webContainerNotUsed: '未使用 WebContainer——改用内置工作区和 shell（just-bash）：',
  newFile: '新建文件', newFolder: '新建文件夹', rename: '重命名', delete: '删除', download: '下载', downloadZip: '全部下载（.zip）',
  namePrompt: '名称（相对于工作区）', create: '创建', cancel: '取消', confirm: '确认',
  confirmDelete: '从工作区删除', confirmDeleteTail: '？此操作无法撤销。',
  showMore: '显示更多', of: '共', empty: '工作区为空', dropHint: '将文本文件拖放到此处以添加',
  dropBinary: '不是文本文件：只能添加文本文件', dropExists: '已存在：请先重命名或删除它',
  dropAdded: '已添加', openFiles: '打开的文件', save: '保存', saved: '已保存', unsaved: '有未保存的修改', closeTab: '关闭',
  noFile: '从文件树中打开一个文件', binary: '是二进制文件：不在编辑器中打开', tooLarge: '太大，无法在此打开',
  bytes: '字节', limit: '上限',
  changedByAgent: '已被助手修改——高亮的行是新的', conflict: '你编辑时助手修改了这个文件。',
  keepMine: '保留我的（覆盖对方）', takeTheirs: '采用对方的（丢弃我的）', showTheirs: '查看对方的版本',
  deletedByAgent: '助手删除了这个文件；你的文本仍在这里——保存即可重新创建。',
  staleSave: '打开后文件已被修改；未保存任何内容。',
  shellJustBash: 'just-bash（浏览器内 shell）：命令结束时才显示输出', shellWebContainer: 'WebContainer shell：输出实时显示',
  agentRan: '助手', running: '运行中', exit: '退出码', interrupted: '已中断', terminalLabel: '工作区终端',
  quietRun: '… 暂无输出：just-bash 在命令结束时才显示输出（Ctrl+C 可停止）',
  previewNone: '没有预览：打开一个 HTML 文件，或在 WebContainer 工作区中启动服务器', reload: '重新加载', previewFile: '预览此文件',
  previewSandboxed: '沙箱预览（无法访问本页面及其存储）',
  resize: '调整大小', shortcuts: '键盘快捷键',
  shortcutList: 'Ctrl/⌘+S 保存 · Ctrl/⌘+F 查找 · Ctrl/⌘+Z 撤销 · 终端中 Ctrl+C 中断 · Alt+1…5 切换面板 · 在分隔条上用方向键调整大小',
}

export function workspaceStrings(lang: string | null | undefined): WorkspaceStrings {
  return lang === 'zh' ? zh : en
}
