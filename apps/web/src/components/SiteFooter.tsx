import { Link } from "@tanstack/react-router"
import { brand } from "../brand"
import { consent } from "../consent/store"
import { Logo } from "./SiteHeader"
import { SocialLinks } from "./SocialLinks"

const gamblingSupport = [
  { name: "GamCare", url: "https://www.gamcare.org.uk" },
  { name: "BeGambleAware", url: "https://www.begambleaware.org" },
] as const

const footerLink = "text-sm text-muted hover:text-accent hover:underline underline-offset-4"

/**
 * The review site's widget (brand `reviewWidget`), off for this brand: a
 * plain link to the reviews, so no third-party script runs before consent.
 */
const ReviewWidget = () =>
  brand.reviewWidget.active && brand.reviewWidget.url ? (
    <a
      href={brand.reviewWidget.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-accent hover:text-accent"
    >
      Read our reviews
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : null

/** Footer: every page of docs/product/screens.md, gambling support, the copyright, reviews and socials. */
export const SiteFooter = () => (
  <footer className="render-when-near mt-16 border-t border-line bg-card pb-24 [--near-height:60rem] lg:pb-0">
    <div className="mx-auto grid max-w-7xl gap-10 px-5 py-12 sm:grid-cols-2 lg:grid-cols-5">
      <div className="space-y-4 lg:col-span-2">
        <Logo className="h-11 w-auto" />
        <p className="text-sm text-muted">{brand.tagline}.</p>
        <p className="text-sm text-muted">
          Questions? Email{" "}
          <a
            className="font-semibold text-accent underline-offset-4 hover:underline"
            href={`mailto:${brand.customerCareEmail}`}
          >
            {brand.customerCareEmail}
          </a>
        </p>
        <div className="pt-2">
          <h2 className="eyebrow mb-4">Follow us</h2>
          <SocialLinks />
        </div>
        <ReviewWidget />
      </div>
      <nav aria-labelledby="footer-shop">
        <h2 id="footer-shop" className="eyebrow mb-4">
          The shop
        </h2>
        <ul className="space-y-2.5">
          <li>
            <Link to="/" className={footerLink}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/Competitions" className={footerLink}>
              All competitions
            </Link>
          </li>
          <li>
            <Link to="/Competitions/UpcomingDraw" className={footerLink}>
              Ending soon
            </Link>
          </li>
          <li>
            <Link to="/Home/Winners" className={footerLink}>
              Winners
            </Link>
          </li>
          <li>
            <Link to="/Live" className={footerLink}>
              Live draws
            </Link>
          </li>
          <li>
            <Link to="/Legitimacy" className={footerLink}>
              How our draws work
            </Link>
          </li>
          <li>
            <Link to="/Home/ClubPerks" className={footerLink}>
              Club perks
            </Link>
          </li>
          {brand.charities.length > 0 ? (
            <li>
              <Link to="/CharitySupport" className={footerLink}>
                Charity support
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <nav aria-labelledby="footer-help">
        <h2 id="footer-help" className="eyebrow mb-4">
          Help and legal
        </h2>
        <ul className="space-y-2.5">
          <li>
            <Link to="/FAQ" className={footerLink}>
              FAQs
            </Link>
          </li>
          <li>
            <Link to="/Home/Contact" className={footerLink}>
              Contact us
            </Link>
          </li>
          <li>
            <Link to="/Home/Complaints" className={footerLink}>
              Complaints
            </Link>
          </li>
          <li>
            <Link to="/TsAndCs" className={footerLink}>
              Terms and conditions
            </Link>
          </li>
          <li>
            <Link to="/TermsOfUse" className={footerLink}>
              Terms of use
            </Link>
          </li>
          <li>
            <Link to="/PrivacyPolicy" className={footerLink}>
              Privacy policy
            </Link>
          </li>
          <li>
            <Link to="/CookiePolicy" className={footerLink}>
              Cookie policy
            </Link>
          </li>
          <li>
            <Link to="/ResponsiblePlay" className={footerLink}>
              Responsible play
            </Link>
          </li>
        </ul>
      </nav>
      <div>
        <h2 className="eyebrow mb-4">Play responsibly</h2>
        <p className="mb-3 text-sm text-muted">
          You must be 18 or over to enter. If playing stops being fun, free and confidential help is
          available.
        </p>
        <ul className="space-y-2.5">
          {gamblingSupport.map((site) => (
            <li key={site.name}>
              <a href={site.url} target="_blank" rel="noopener noreferrer" className={footerLink}>
                {site.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
    <div className="border-t border-line">
      {/* The bottom row: the copyright, and room for the cookie-settings control (decision 0040). */}
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-5 py-5 text-xs text-muted sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {brand.fullName}
        </p>
        <p>18+ only. Free postal entry available on every competition.</p>
        <button
          type="button"
          className="self-start text-xs text-muted underline underline-offset-4 hover:text-accent sm:self-auto"
          onClick={consent.reopen}
        >
          Cookie settings
        </button>
      </div>
    </div>
  </footer>
)
