import { useEffect, useId, useRef, useState } from "react"
import { brand } from "../brand"
import { categoryTexts } from "../consent/categories"
import { ACCEPT_ALL, type ConsentChoice, REJECT_ALL } from "../consent/consent"
import { consent } from "../consent/store"
import { useConsent } from "../consent/use-consent"
import { restoreFocus } from "../lib/focus"

export const COOKIE_BANNER_ID = "cookie-banner"

/**
 * The cookie banner (UK PECR, ICO guidance; decision 0040). A labelled
 * region, not a modal: the page stays readable and usable behind it, but it
 * stays until answered. "Accept all" and "Reject all" sit side by side in
 * the same style; "Choose cookies" sets each category, none ticked
 * beforehand. It comes first in the page's order, so keyboard and screen-
 * reader users meet it first, though it shows at the bottom of the screen
 * (above the mobile bottom bar). The footer's "Cookie settings" reopens it.
 */
export const CookieBanner = () => {
  const { decision, reopened } = useConsent()
  const open = decision === null || reopened
  const [choosing, setChoosing] = useState(false)
  const [saved, setSaved] = useState(false)
  const banner = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  const bodyId = useId()
  const choicesId = useId()

  // Reopened from the footer: focus moves into the banner, and back to the control after.
  useEffect(() => {
    if (!reopened) return
    opener.current = document.activeElement
    setChoosing(true)
    heading.current?.focus()
  }, [reopened])

  // The banner covers the bottom of the page: pad the page so its end can still be read.
  useEffect(() => {
    const element = banner.current
    if (!open || !element || typeof ResizeObserver === "undefined") return
    // The observer reports the banner's height after each layout, first as soon as it is
    // observed. Reading offsetHeight here instead would force a layout of the whole page
    // while it is still being built, the longest piece of Home's first render (decision 0092).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight
      document.body.style.paddingBottom = `${height}px`
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      document.body.style.paddingBottom = ""
    }
  }, [open])

  const answer = (choice: ConsentChoice) => {
    const wasReopened = reopened
    consent.decide(choice)
    setChoosing(false)
    setSaved(true)
    // The button pressed is gone: focus goes back to the footer control, or the page.
    restoreFocus(wasReopened ? opener.current : null)
    opener.current = null
  }

  const status = (
    <p role="status" className="sr-only">
      {saved && !open ? "Your cookie choices have been saved." : ""}
    </p>
  )
  if (!open) return status

  return (
    <>
      {status}
      <section
        ref={banner}
        id={COOKIE_BANNER_ID}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-40 max-h-[70dvh] overflow-y-auto border-t border-line bg-card text-fg shadow-[0_-8px_30px_rgb(2_6_23/0.18)] lg:bottom-0"
        onKeyDown={(event) => {
          // A reopened banner may be closed unchanged; a first one waits for an answer.
          if (event.key === "Escape" && reopened) {
            consent.dismiss()
            restoreFocus(opener.current)
          }
        }}
      >
        <div className="mx-auto max-w-7xl px-5 py-4 lg:py-5">
          <h2
            ref={heading}
            id={titleId}
            tabIndex={-1}
            className="mb-1.5 text-base font-bold outline-none focus-visible:outline"
          >
            Cookies on {brand.shortName}
          </h2>
          <div id={bodyId} className="space-y-1.5 text-sm text-muted">
            <p>
              We use a few necessary cookies and browser storage to run the shop: to keep your
              basket, sign you in and protect your account. With your permission we would also like
              to use optional cookies for statistics and marketing.
            </p>
            <p>
              You can change your mind at any time from “Cookie settings” at the bottom of every
              page.{" "}
              <a
                href="/CookiePolicy"
                className="font-semibold text-accent underline underline-offset-2"
              >
                Read our cookie policy
              </a>
            </p>
          </div>
          {choosing ? (
            <CookieChoices
              id={choicesId}
              // A fresh form for each opening: the answer that holds now, nothing ticked before one.
              key={decision?.decidedAt ?? "unanswered"}
              initial={decision ?? REJECT_ALL}
              onSave={answer}
            />
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2.5">
            <button type="button" className="btn-primary" onClick={() => answer(ACCEPT_ALL)}>
              Accept all
            </button>
            <button type="button" className="btn-primary" onClick={() => answer(REJECT_ALL)}>
              Reject all
            </button>
            <button
              type="button"
              className="btn-outline"
              aria-expanded={choosing}
              aria-controls={choicesId}
              onClick={() => setChoosing(!choosing)}
            >
              Choose cookies
            </button>
          </div>
        </div>
      </section>
    </>
  )
}

const CookieChoices = ({
  id: formId,
  initial,
  onSave,
}: {
  id: string
  initial: ConsentChoice
  onSave: (choice: ConsentChoice) => void
}) => {
  const [choice, setChoice] = useState<ConsentChoice>({
    statistics: initial.statistics,
    marketing: initial.marketing,
  })
  const id = useId()
  return (
    <form
      id={formId}
      aria-label="Cookie choices"
      className="mt-3 rounded-xl border border-line p-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSave(choice)
      }}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-bold">Choose which cookies we may use</legend>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-necessary`}
            type="checkbox"
            checked
            disabled
            aria-describedby={`${id}-necessary-text`}
            className="mt-0.5 size-5 shrink-0 accent-(--app-accent)"
          />
          <div className="text-sm">
            <label htmlFor={`${id}-necessary`} className="font-semibold">
              Necessary (always on)
            </label>
            <p id={`${id}-necessary-text`} className="text-muted">
              Keep your basket, sign you in, protect your account and remember your choices here.
              The shop cannot work without them.
            </p>
          </div>
        </div>
        {categoryTexts(brand).map((category) => (
          <div key={category.key} className="flex items-start gap-3">
            <input
              id={`${id}-${category.key}`}
              type="checkbox"
              checked={choice[category.key]}
              aria-describedby={`${id}-${category.key}-text`}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-(--app-accent)"
              onChange={(event) => setChoice({ ...choice, [category.key]: event.target.checked })}
            />
            <div className="text-sm">
              <label htmlFor={`${id}-${category.key}`} className="cursor-pointer font-semibold">
                {category.label}
              </label>
              <p id={`${id}-${category.key}-text`} className="text-muted">
                {category.description}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn-outline mt-3">
        Save my choices
      </button>
    </form>
  )
}
