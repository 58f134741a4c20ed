import { RepositoryError } from "@howzat/core/competitions"
import { Cause, Effect, Exit, Logger } from "effect"
import { describe, expect, it } from "vitest"
import { repositoryProblem } from "./repository-problem"

/** Runs the mapping with a logger that keeps what it was told. */
const run = (error: RepositoryError) => {
  const logged: string[] = []
  const keep = Logger.make(({ logLevel, message }) => {
    logged.push(`${logLevel.label} ${String(Array.isArray(message) ? message[0] : message)}`)
  })
  const exit = Effect.runSyncExit(
    repositoryProblem(error).pipe(Effect.provide(Logger.replace(Logger.defaultLogger, keep))),
  )
  return { exit, logged }
}

describe("a repository failure at the edge", () => {
  it("is a 503 problem only when the database could not be reached", () => {
    const { exit, logged } = run(
      new RepositoryError({ operation: "competitions.list", cause: {}, unreachable: true }),
    )
    expect(Exit.isFailure(exit) && Cause.failureOption(exit.cause)).toMatchObject({
      value: { status: 503 },
    })
    expect(logged).toEqual(["WARN database unreachable in competitions.list"])
  })

  it.each([
    ["judged reachable", false],
    ["not judged at all", undefined],
  ])("is a logged defect (a 500 at the edge) when %s", (_, unreachable) => {
    const error = new RepositoryError({ operation: "baskets.update", cause: {}, unreachable })
    const { exit, logged } = run(error)
    expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    expect(logged).toEqual(["ERROR repository failure in baskets.update"])
  })
})
