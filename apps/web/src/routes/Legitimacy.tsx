import type { DrawListJson } from "@howzat/contracts/draws"
import { createFileRoute, Link, useRouter } from "@tanstack/react-router"
import { listDraws } from "../api/draws"
import { pageTitle } from "../brand"
import { HowDrawsWork } from "../components/fairness/HowDrawsWork"
import { PastDraws } from "../components/fairness/PastDraws"
import { PageHeading } from "../components/PageStates"
import { Pagination } from "../components/Pagination"
import { pageFromSearch } from "../lib/search"

const DRAWS_PER_PAGE = 20

export const Route = createFileRoute("/Legitimacy")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFromSearch(search.page)
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // The explanation stands without the list: a list that fails to load is said so in its place.
  loader: async ({ deps, abortController }): Promise<{ draws: DrawListJson | null }> => {
    try {
      const draws = await listDraws(
        { pageNumber: deps.page, pageSize: DRAWS_PER_PAGE },
        abortController.signal,
      )
      return { draws }
    } catch {
      return { draws: null }
    }
  },
  head: () => ({ meta: [{ title: pageTitle("How our draws work") }] }),
  component: Legitimacy,
})

function Legitimacy() {
  const { draws } = Route.useLoaderData()
  const router = useRouter()
  return (
    <div className="mx-auto max-w-5xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Fair and square" title="How our draws work" />
      <HowDrawsWork />
      <section aria-labelledby="past-draws-title" className="mt-12">
        <h2 id="past-draws-title" className="display-title mb-2 text-2xl sm:text-3xl">
          Past draws
        </h2>
        <p className="mb-6 text-muted">
          Every draw we have made, newest first. Each links to its competition's proof.
        </p>
        {draws === null ? (
          <div role="alert" className="card space-y-4 p-6">
            <p>Sorry, the list of past draws didn't load. Please try again.</p>
            <button type="button" className="btn-outline" onClick={() => void router.invalidate()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <PastDraws draws={draws.draws} />
            <Pagination
              label="Past draw pages"
              current={draws.pageNumber}
              totalPages={draws.totalPages}
              control={({ page, label, current, className, children }) => (
                <Link
                  to="/Legitimacy"
                  search={page > 1 ? { page } : {}}
                  hash="past-draws-title"
                  aria-label={label}
                  aria-current={current ? "page" : undefined}
                  className={className}
                >
                  {children}
                </Link>
              )}
            />
          </>
        )}
      </section>
    </div>
  )
}
