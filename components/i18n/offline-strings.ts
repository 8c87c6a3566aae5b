/**
 * UI strings of the widget's network and offline line — the online/offline chip, what still works
 * offline, the offline copy's state and the "Reload to update" notice — in English and Chinese.
 * Plane: main. Contract: both tables have exactly the same keys (checked by the type).
 * @module components/i18n/offline-strings
 */
const en = {
  online: 'Online', offline: 'Offline',
  offlineReady: 'available offline', offlineChecking: 'saving for offline use…', offlineUnavailable: 'Offline use unavailable',
  offlineWorks: 'Offline: stored sessions, the scripted model and the embedded shell still work; a model provider needs the network.',
  updateReady: 'A new version of the assistant is ready.', reloadToUpdate: 'Reload to update',
}

type OfflineStrings = typeof en

const zh: OfflineStrings = {
  online: '在线', offline: '离线',
  offlineReady: '可离线使用', offlineChecking: '正在保存离线副本…', offlineUnavailable: '无法离线使用',
  offlineWorks: '已离线：已保存的会话、脚本模型和内置终端仍可使用；模型服务商需要联网。',
  updateReady: '助手有新版本可用。', reloadToUpdate: '重新加载以更新',
}

export function offlineStrings(lang: string | null | undefined): OfflineStrings {
  return lang === 'zh' ? zh : en
}
