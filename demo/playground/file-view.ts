/**
 * The playground's file tree and viewer: a list of workspace paths and the selected file's text,
 * redrawn from a `{path: content}` snapshot. Plane: main; demo code only; text only (no HTML parsing).
 * @module demo/playground/file-view
 */
export interface FileViewElements {
  tree: HTMLElement
  path: HTMLElement
  content: HTMLElement
}

export class FileView {
  #files: Record<string, string> = {}
  #selected: string | undefined

  constructor(private readonly elements: FileViewElements) {}

  /** Replaces the shown files; keeps the selection when the file still exists. */
  show(files: Record<string, string>): void {
    this.#files = files
    const paths = Object.keys(files).sort()
    if (this.#selected === undefined || !(this.#selected in files)) this.#selected = paths[0]
    this.elements.tree.replaceChildren(...paths.map((path) => this.#item(path)))
    this.#drawSelected()
  }

  select(path: string): void {
    this.#selected = path
    this.show(this.#files)
  }

  #item(path: string): HTMLLIElement {
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = path
    button.setAttribute('aria-current', String(path === this.#selected))
    button.addEventListener('click', () => this.select(path))
    item.append(button)
    return item
  }

  #drawSelected(): void {
    this.elements.path.textContent = this.#selected ?? '—'
    this.elements.content.textContent = this.#selected === undefined ? '' : this.#files[this.#selected] ?? ''
  }
}
