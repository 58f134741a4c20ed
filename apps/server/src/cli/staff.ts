import { runStaffCommand } from "./staff-command"

// npm run staff -- add --email … (see staff-arguments.ts for the usage).
process.exitCode = await runStaffCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
