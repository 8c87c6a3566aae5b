/**
 * Dragging and arrow keys on a pane divider (`role="separator"`): reports the new size, clamped.
 * Plane: main. Contract: pointer capture keeps the drag on the divider; ←/→ (↑/↓ for a horizontal
 * divider) move it by 24 px, Shift by 96 px.
 * @module components/dsh-workspace/pane-resizer
 */
export interface ResizeSpec {
  /** The size when the drag or key press starts. */
  start: () => number
  min: number
  max: () => number
  /** `1`: moving right/down grows the pane; `-1`: it shrinks it (a pane on the right). */
  direction: 1 | -1
  vertical: boolean
  set: (size: number) => void
}

const clamp = (spec: ResizeSpec, size: number) => Math.round(Math.max(spec.min, Math.min(spec.max(), size)))

export function onResizerPointerDown(event: PointerEvent, spec: ResizeSpec): void {
  const handle = event.currentTarget as HTMLElement
  const origin = spec.vertical ? event.clientY : event.clientX
  const start = spec.start()
  handle.setPointerCapture(event.pointerId)
  const move = (e: PointerEvent) => spec.set(clamp(spec, start + spec.direction * ((spec.vertical ? e.clientY : e.clientX) - origin)))
  const end = () => {
    handle.removeEventListener('pointermove', move)
    handle.removeEventListener('pointerup', end)
    handle.removeEventListener('pointercancel', end)
  }
  handle.addEventListener('pointermove', move)
  handle.addEventListener('pointerup', end)
  handle.addEventListener('pointercancel', end)
  event.preventDefault()
}

export function onResizerKeydown(event: KeyboardEvent, spec: ResizeSpec): void {
  const [less, more] = spec.vertical ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight']
  if (event.key !== less && event.key !== more) return
  const step = (event.shiftKey ? 96 : 24) * (event.key === more ? 1 : -1) * spec.direction
  spec.set(clamp(spec, spec.start() + step))
  event.preventDefault()
}
