import { runRestoreCommand } from "./backup-command"

// npm run restore -- <file> [--force] (see backup-command.ts).
process.exitCode = await runRestoreCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
