// A stylesheet imported as text (`?inline`, Vite): xterm's sheet for the terminal's shadow root.
declare module '*.css?inline' {
  const css: string
  export default css
}
