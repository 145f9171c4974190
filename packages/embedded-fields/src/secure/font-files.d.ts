/** Vite's `?url` imports: the emitted file's URL (content-hashed, under /frames/assets/). */
declare module '*.woff2?url' {
  const url: string;
  export default url;
}
