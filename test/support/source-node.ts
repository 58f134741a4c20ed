/**
 * How a child Node process runs the repository's TypeScript from source.
 *
 * The workspace packages' exports maps point at `dist/` unless the
 * `@howzat/source` condition is set (decision 0052), and a fresh clone has
 * no `dist/` until `npm run build`. A test or benchmark that spawns
 * `node --import tsx` without the condition therefore passes on a machine
 * that has built once and fails on a clean checkout, so every spawn site
 * takes its arguments from here rather than writing the flag again.
 */
export const SOURCE_NODE_ARGS: readonly string[] = [
  "--conditions=@howzat/source",
  "--import",
  "tsx",
]

/** `process.execPath`'s arguments to run `script` (a path or `-e` and its code) from source. */
export const sourceNodeArgs = (...scriptAndArgs: readonly string[]): string[] => [
  ...SOURCE_NODE_ARGS,
  ...scriptAndArgs,
]
