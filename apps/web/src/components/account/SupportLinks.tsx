import { Link } from "@tanstack/react-router"

/** Where to find help with gambling harm, as the responsible-play page lists it. */
export const SUPPORT_ORGANISATIONS = [
  {
    name: "GamCare",
    href: "https://www.gamcare.org.uk",
    text: "free, confidential support, 24 hours a day: 0808 8020 133",
  },
  { name: "BeGambleAware", href: "https://www.begambleaware.org", text: "advice and tools" },
  {
    name: "GAMSTOP",
    href: "https://www.gamstop.co.uk",
    text: "blocks you from every gambling site registered with it",
  },
] as const

/** Responsible-play signposting: our page first, then the support organisations. */
export const SupportLinks = ({ heading = "Support and advice" }: { heading?: string }) => (
  <section aria-label={heading} className="space-y-2 text-sm">
    <h3 className="font-bold">{heading}</h3>
    <p>
      Read our{" "}
      <Link
        to="/ResponsiblePlay"
        className="font-semibold text-accent underline underline-offset-2"
      >
        Responsible play
      </Link>{" "}
      page, or talk to someone:
    </p>
    <ul className="list-disc space-y-1 ps-5">
      {SUPPORT_ORGANISATIONS.map((org) => (
        <li key={org.name}>
          <a
            href={org.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-accent underline underline-offset-2"
          >
            {org.name}
          </a>
          : {org.text}
        </li>
      ))}
    </ul>
  </section>
)
