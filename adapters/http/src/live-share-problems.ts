import { Conflict, problemType } from "@howzat/contracts/problems"
import type { InstantWinShareRefused } from "@howzat/core/competitions"
import { instantWinShareDetail } from "@howzat/core/rules"
import { Effect } from "effect"

/** The instant-win share (decision 0045): a 409 whose detail gives the counts. */
export const instantWinShareRefused = (e: InstantWinShareRefused) =>
  Effect.fail(
    new Conflict({
      type: problemType("instant-win-majority"),
      title: "Too many instant-win competitions",
      status: 409,
      detail: instantWinShareDetail(e.share),
    }),
  )
