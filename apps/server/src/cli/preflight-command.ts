import { DataFolderUnusable, makeDatabase } from "@howzat/postgres"
import {
  databaseFindings,
  type PreflightFinding,
  preflightReport,
  settingsFindings,
  settingsWarnings,
} from "../preflight"
import { type CommandOutput, configOrSay, EXIT } from "./command-output"

/**
 * `npm run preflight`: what a production start (NODE_ENV=production) would
 * refuse, printed without starting, from the same settings and database.
 * Exits 0 when there is nothing to fix, 1 otherwise.
 */
export const runPreflight = async (
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> => {
  const config = configOrSay(env, output)
  if (config === undefined) return EXIT.failed
  const findings: PreflightFinding[] = settingsFindings(config)
  try {
    const database = await makeDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    })
    try {
      findings.push(...(await databaseFindings(database.db)))
    } finally {
      await database.close()
    }
  } catch (error) {
    const why = error instanceof DataFolderUnusable ? error.message : String(error)
    findings.push({
      problem: `The database could not be read for demo accounts: ${why}`,
      fix: "run preflight where the shop's DATABASE_URL (or PGLITE_DATA_DIR, with the shop stopped) can be opened",
    })
  }
  const report = preflightReport(findings)
  if (report.length === 0) output.out("Ready for production: nothing to fix.")
  else for (const line of report) output.err(line)
  // Worth fixing, but a production start goes ahead without (decision 0088).
  for (const warning of settingsWarnings(config))
    output.out(`Warning: ${warning.problem}\n   Fix: ${warning.fix}`)
  return report.length === 0 ? EXIT.done : EXIT.failed
}
