import { describe, expect, it } from "vitest"
import { competitionJson } from "../../lib/competition-fixture"
import { renderInRouter } from "../test-router"
import { NumberPicker } from "./NumberPicker"

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")

describe("the number picker", () => {
  it("starts closed beside Lucky Dip, saying how long a pick holds and what it counts against", async () => {
    const html = await renderInRouter(() => (
      <NumberPicker competition={competitionJson({ pickYourNumbers: true })} />
    ))
    expect(html).toMatch(/aria-expanded="false"/)
    expect(text(html)).toContain("Or pick your numbers")
    expect(text(html)).toContain("Choose numbers")
    expect(text(html)).toContain("held for you for 10 minutes")
    // Nothing is asked of the shop until the customer opens it.
    expect(html).not.toContain("Free numbers")
  })
})
