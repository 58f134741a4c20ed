import { runBackupCommand } from "./backup-command"

// npm run backup (see backup-command.ts).
process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
