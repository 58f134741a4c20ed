import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { resourceHtml } from "../api/catalogue"
import { brand, pageTitle } from "../brand"
import { hasContent, type StaticPageDefinition } from "../lib/static-pages"
import { PageHeading } from "./PageStates"

/**
 * What a static page's route needs besides its component: the page's
 * Resource (null when the shop has none yet; any other failure is the
 * route's error state) and its title.
 */
export const staticPageRoute = (page: StaticPageDefinition) => ({
  loader: ({ abortController }: { abortController: AbortController }) =>
    resourceHtml(page.resourceKey, abortController.signal),
  head: () => ({ meta: [{ title: pageTitle(page.title) }] }),
  pendingComponent: StaticPagePending,
})

/** A readable column of text, the width a line is easy to follow. */
const PageColumn = ({ page, children }: { page: StaticPageDefinition; children: ReactNode }) => (
  <div className="mx-auto max-w-3xl px-3 py-8 sm:px-5 lg:py-12">
    <PageHeading eyebrow={page.eyebrow} title={page.title} />
    <article className="card p-6 sm:p-10">{children}</article>
  </div>
)

/** One of the footer's static pages: the staff-written HTML, or a plain word when there is none yet. */
export const StaticPage = ({
  page,
  html,
  children,
}: {
  page: StaticPageDefinition
  html: string | null
  /** Anything the page adds after the content (e.g. the charities' links). */
  children?: ReactNode
}) => (
  <PageColumn page={page}>
    {hasContent(html) ? (
      <div
        className="rich-text"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written content from our own API, sanitised when saved.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    ) : (
      <div className="rich-text">
        <p>
          We are updating this page. If you have a question about our {page.title.toLowerCase()} in
          the meantime, email us at{" "}
          <a href={`mailto:${brand.customerCareEmail}`}>{brand.customerCareEmail}</a> and we will
          help.
        </p>
      </div>
    )}
    {children}
  </PageColumn>
)

/** Shown when the shop supports no charity (brand configuration's charities is empty). */
export const NoCharityPage = ({ page }: { page: StaticPageDefinition }) => (
  <PageColumn page={page}>
    <div className="rich-text">
      <p>
        {brand.shortName} doesn't support a charity right now, so there is no round-up at checkout.
      </p>
      <p>
        When we partner with a charity, you'll find who we support and how to give here. Meanwhile,
        have a look at <Link to="/Competitions">our competitions</Link>.
      </p>
    </div>
  </PageColumn>
)

function StaticPagePending() {
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-5 lg:py-12" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="mb-8 h-9 w-64 animate-pulse rounded-lg bg-sunken" />
      <div className="card space-y-3 p-6 sm:p-10" aria-hidden="true">
        {[100, 92, 96, 70, 88, 94, 60].map((width) => (
          <div
            key={width}
            className="h-4 animate-pulse rounded bg-sunken"
            style={{ width: `${width}%` }}
          />
        ))}
      </div>
    </div>
  )
}
