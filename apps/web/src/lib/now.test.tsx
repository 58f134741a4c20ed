import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { useServerNowAs } from "./now"

const HOUR = 3_600_000

/** Whether the server's clock, as this browser reckons it, has passed a deadline. */
const Passed = ({ deadline, skewMs }: { deadline: number; skewMs: number }) => (
  <p>{useServerNowAs(skewMs, (now) => (now.getTime() >= deadline ? "passed" : "to come"))}</p>
)

describe("useServerNowAs", () => {
  it("answers what the selector makes of the server's time, the clock skew corrected", () => {
    const deadline = Date.now() + HOUR
    expect(renderToStaticMarkup(<Passed deadline={deadline} skewMs={0} />)).toBe("<p>to come</p>")
    // A server two hours ahead of this browser is already past it.
    expect(renderToStaticMarkup(<Passed deadline={deadline} skewMs={2 * HOUR} />)).toBe(
      "<p>passed</p>",
    )
  })
})
