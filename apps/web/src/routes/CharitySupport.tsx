import { createFileRoute } from "@tanstack/react-router"
import { brand } from "../brand"
import { NoCharityPage, StaticPage, staticPageRoute } from "../components/StaticPage"
import { STATIC_PAGES } from "../lib/static-pages"

const page = STATIC_PAGES.charitySupport
const { loader, ...shown } = staticPageRoute(page)

/**
 * Charity support exists only when the brand names a charity (docs/product/screens.md: the
 * footer links here only then). Without one, the route still answers with
 * its own short page, never a redirect, and does not fetch content about a
 * charity the shop does not support.
 */
export const Route = createFileRoute("/CharitySupport")({
  ...shown,
  loader: (context) => (brand.charities.length > 0 ? loader(context) : null),
  component: CharitySupport,
})

function CharitySupport() {
  const html = Route.useLoaderData()
  if (brand.charities.length === 0) return <NoCharityPage page={page} />
  return (
    <StaticPage page={page} html={html}>
      <section aria-labelledby="charities-title" className="mt-8 border-t border-line pt-6">
        <h2 id="charities-title" className="eyebrow mb-3">
          The charities we support
        </h2>
        <ul className="space-y-2">
          {brand.charities.map((charity) => (
            <li key={charity.name}>
              <a
                href={charity.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-accent underline underline-offset-2"
              >
                {charity.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </StaticPage>
  )
}
