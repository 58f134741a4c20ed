import { runMigrateCommand } from "./migrate-command"

// npm run migrate (see migrate-command.ts).
process.exitCode = await runMigrateCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
