/**
 * `dsh-offline`: the widget's network or offline-copy state changed (`online`: `navigator.onLine`;
 * `readiness`: `none` without a service worker, `checking`, `ready`, `unavailable` with the reason;
 * `updateWaiting`: a new version waits for "Reload to update"). Plane: main.
 * @module components/events/dsh-offline
 */
export interface DshOfflineDetail {
  online: boolean
  readiness: 'none' | 'checking' | 'ready' | 'unavailable'
  reason?: string
  updateWaiting: boolean
}
export type DshOfflineEvent = CustomEvent<DshOfflineDetail>
