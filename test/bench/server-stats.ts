import pg from "pg"

/**
 * What the server saw while a workload ran on one database, sampled the same
 * way for the checkouts and for pgbench so the two can be set side by side.
 */
export interface ServerStats {
  /** Mean backends of this database running a statement at a sample. */
  readonly meanActive: number
  /**
   * Sessions inside a transaction but idle: the server has answered and waits
   * for the client's next statement, i.e. for Node.
   */
  readonly meanIdleInTransaction: number
  /** Mean and peak backends waiting on a lock (row, advisory or transaction id). */
  readonly meanLockWaiters: number
  readonly maxLockWaiters: number
  /** The statement most often seen waiting on a lock, with the lock's kind and its share of waits. */
  readonly topWait: { readonly what: string; readonly share: number } | undefined
  readonly deadlocks: number
  /** Committed transactions: COMMIT/END calls when pg_stat_statements is there (exact). */
  readonly commits: number
  /** Statements the server executed (pg_stat_statements), BEGIN and COMMIT included. */
  readonly statements: number | undefined
}

export interface ServerSampler {
  readonly stop: () => Promise<ServerStats>
}

const SAMPLE_EVERY_MS = 250

interface Counters {
  readonly deadlocks: number
  readonly commits: number
  readonly statements: number | undefined
}

const counters = async (client: pg.Client): Promise<Counters> => {
  const { rows } = await client.query<{ deadlocks: string; commits: string }>(
    `select deadlocks, xact_commit as commits from pg_stat_database where datname = current_database()`,
  )
  const deadlocks = Number(rows[0]?.deadlocks)
  try {
    const calls = await client.query<{ calls: string | null; commits: string | null }>(
      `select sum(calls) as calls,
              sum(calls) filter (where upper(query) in ('COMMIT', 'END')) as commits
       from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())`,
    )
    return {
      deadlocks,
      // pg_stat_database publishes commits up to a second late; these counts are live.
      commits: Number(calls.rows[0]?.commits ?? 0),
      statements: Number(calls.rows[0]?.calls ?? 0),
    }
  } catch {
    // Not preloaded (e.g. DATABASE_URL pointing at a server without it): leave it out.
    return { deadlocks, commits: Number(rows[0]?.commits), statements: undefined }
  }
}

/** Starts sampling now on its own connection; stop() ends it and returns the figures. */
export const startSampler = (databaseUrl: string): ServerSampler => {
  const client = new pg.Client({ connectionString: databaseUrl })
  let active = 0
  let idleInTransaction = 0
  let waiting = 0
  let peak = 0
  let samples = 0
  const waits = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  const sample = async () => {
    const { rows } = await client.query<{ state: string | null; lock: string | null; q: string }>(
      `select state, case when wait_event_type = 'Lock' then wait_event end as lock,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
    let lockWaiters = 0
    for (const row of rows) {
      if (row.state === "active") active += 1
      if (row.state === "idle in transaction") idleInTransaction += 1
      if (row.lock === null) continue
      lockWaiters += 1
      // pgbench sends its values inline: count its statements, not each value, as one.
      const what = `${row.lock}: ${row.q.trim().replace(/-?\b\d+\b/g, "n")}`
      waits.set(what, (waits.get(what) ?? 0) + 1)
    }
    waiting += lockWaiters
    peak = Math.max(peak, lockWaiters)
    samples += 1
  }
  const started = (async () => {
    await client.connect()
    const before = await counters(client)
    timer = setInterval(() => void sample().catch(() => {}), SAMPLE_EVERY_MS)
    return before
  })()
  return {
    stop: async () => {
      const before = await started
      clearInterval(timer)
      // The statistics collector publishes counters about once a second.
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const after = await counters(client)
      await client.end()
      return {
        meanActive: samples === 0 ? 0 : active / samples,
        meanIdleInTransaction: samples === 0 ? 0 : idleInTransaction / samples,
        meanLockWaiters: samples === 0 ? 0 : waiting / samples,
        maxLockWaiters: peak,
        topWait: topWait(waits),
        deadlocks: after.deadlocks - before.deadlocks,
        commits: after.commits - before.commits,
        statements:
          after.statements === undefined || before.statements === undefined
            ? undefined
            : after.statements - before.statements,
      }
    },
  }
}

const topWait = (waits: ReadonlyMap<string, number>): ServerStats["topWait"] => {
  const total = [...waits.values()].reduce((a, b) => a + b, 0)
  const [what, count] = [...waits].sort((a, b) => b[1] - a[1])[0] ?? []
  return what === undefined || count === undefined ? undefined : { what, share: count / total }
}

/** Nearest-rank percentile of milliseconds (0 for none). */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
}
