import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { Link } from "@tanstack/react-router"
import { brand } from "../../brand"
import { keyFacts } from "../../lib/key-facts"

/** The competition's key facts (decision 0045): one scannable list, a dl for screen readers. */
export function KeyFacts({ competition }: { competition: CompetitionJson }) {
  return (
    <section aria-labelledby="key-facts-title" className="space-y-3">
      <h2 id="key-facts-title" className="text-lg font-extrabold tracking-wide uppercase">
        Key facts
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {keyFacts(competition, brand.liveDrawNetwork).map((fact) => (
          <div
            key={fact.label}
            className={`rounded-xl border border-line bg-card p-3 ${fact.wide ? "sm:col-span-2" : ""}`}
          >
            <dt className="text-xs text-muted">{fact.label}</dt>
            <dd className={`mt-0.5 ${fact.wide ? "leading-relaxed" : "font-bold"}`}>
              {fact.value}
              {fact.link ? (
                <>
                  {" "}
                  <Link
                    to={fact.link.to}
                    hash={fact.link.hash}
                    className="font-semibold whitespace-nowrap text-accent underline"
                  >
                    {fact.link.text}
                  </Link>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
