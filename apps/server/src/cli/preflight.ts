import { runPreflight } from "./preflight-command"

// npm run preflight: the production checks, without starting the shop.
process.exitCode = await runPreflight(process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
