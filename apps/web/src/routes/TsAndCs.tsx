import { createFileRoute } from "@tanstack/react-router"
import { StaticPage, staticPageRoute } from "../components/StaticPage"
import { STATIC_PAGES } from "../lib/static-pages"

const page = STATIC_PAGES.termsAndConditions

export const Route = createFileRoute("/TsAndCs")({
  ...staticPageRoute(page),
  component: () => <StaticPage page={page} html={Route.useLoaderData()} />,
})
