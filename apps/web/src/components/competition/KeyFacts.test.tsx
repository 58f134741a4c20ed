import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { competitionJson } from "../../lib/competition-fixture"
import { KeyFacts } from "./KeyFacts"

const competition = competitionJson({ cashAlternativeValue: null, drawType: "Automatic" })

/** The block as the page renders it, inside a router so its links resolve. */
const rendered = async () => {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <KeyFacts competition={competition} /> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  })
  await router.load()
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe("KeyFacts", () => {
  it("is a headed description list of the six facts, with links to the fairness and FAQ pages", async () => {
    const html = await rendered()
    expect(html).toContain('aria-labelledby="key-facts-title"')
    expect(html.match(/<dt/g)).toHaveLength(6)
    expect(html.match(/<dd/g)).toHaveLength(6)
    expect(html).toContain('<dt class="text-xs text-muted">Cash alternative</dt>')
    expect(html).toContain("None: the prize is awarded as described")
    expect(html).toMatch(/<a[^>]*href="\/Legitimacy"[^>]*>How our draws work<\/a>/)
    expect(html).toMatch(/<a[^>]*href="\/FAQ#enter-by-post"[^>]*>How to enter by post<\/a>/)
  })
})
