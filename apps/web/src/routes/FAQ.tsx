import { createFileRoute, Link, useLocation } from "@tanstack/react-router"
import { type ReactNode, useEffect } from "react"
import { brand, pageTitle } from "../brand"
import { Icon } from "../components/Icon"
import { PageHeading } from "../components/PageStates"
import { POSTAL_ENTRY_FAQ } from "../lib/faq-anchors"

export const Route = createFileRoute("/FAQ")({
  head: () => ({ meta: [{ title: pageTitle("FAQs") }] }),
  component: Faq,
})

const mail = (
  <a
    className="font-semibold text-accent hover:underline"
    href={`mailto:${brand.customerCareEmail}`}
  >
    {brand.customerCareEmail}
  </a>
)

const faqs: { question: string; answer: ReactNode; id?: string }[] = [
  {
    question: "How do the competitions work?",
    answer: (
      <>
        Every competition has a prize, a fixed number of tickets, a ticket price and a closing date.
        Choose how many tickets you want, and when your order completes your ticket numbers are
        allocated at random. When the competition closes, one ticket number is drawn and its owner
        wins the prize.
      </>
    ),
  },
  {
    question: "How are the winners drawn?",
    answer: (
      <>
        Each competition page says how its winner is drawn. Most main prizes are drawn live on our{" "}
        {brand.liveDrawNetwork} channel every Thursday at 8:30pm, so you can watch the winning
        number come out; the others are drawn automatically at the draw time shown. Winners are
        named on our{" "}
        <Link to="/Home/Winners" className="font-semibold text-accent hover:underline">
          Winners
        </Link>{" "}
        page. Every draw publishes a proof that anyone can check:{" "}
        <Link to="/Legitimacy" className="font-semibold text-accent hover:underline">
          how our draws work
        </Link>
        .
      </>
    ),
  },
  {
    question: "What are instant wins?",
    answer: (
      <>
        Some competitions hide extra prizes behind particular ticket numbers, chosen at random and
        fixed before the competition opens, and listed on its page. If one of the numbers you are
        allocated is an instant-win number, you win that prize the moment your order is paid,
        whatever happens in the main draw: you will see "WON!" beside it, and we email you. Site
        credit goes straight into your account; for any other prize we get in touch to arrange it.
        Questions? Email us at {mail}.
      </>
    ),
  },
  {
    question: "Can I enter for free?",
    id: POSTAL_ENTRY_FAQ,
    answer: (
      <>
        Yes. Every competition has a free postal entry route. Send your full name, address, date of
        birth, phone number, email address and the name of the competition on an unenclosed
        postcard, by first or second class post, to {brand.freePostalEntryAddress}. Each postcard is
        one entry, it must arrive before the competition closes, and postal entries go into the same
        draw as paid entries with exactly the same chance of winning.
      </>
    ),
  },
  {
    question: "Who can enter?",
    answer: (
      <>
        You must be 18 or over and live in the United Kingdom. We check the age of every winner
        before a prize is handed over.
      </>
    ),
  },
  {
    question: "What are my chances of winning?",
    answer: (
      <>
        Your odds are 1 in the number of tickets available divided by the number of tickets you
        hold. A competition with 2,500 tickets gives one ticket odds of 1 in 2,500, and ten tickets
        odds of 1 in 250. The odds are shown on every competition page as you choose your tickets,
        and the number of tickets never changes once a competition opens.
      </>
    ),
  },
  {
    question: "How many tickets can I buy?",
    answer: (
      <>
        Each competition has a maximum number of entries per person, shown on its page. The maximum
        counts paid and free postal entries together, so everyone has a fair chance.
      </>
    ),
  },
  {
    question: "How do I pay?",
    answer: (
      <>
        By debit or credit card, or with {brand.siteCredit.name}, the balance on your account.
        Payments are taken by our card payment provider; we never see or store your full card
        number.
      </>
    ),
  },
  {
    question: `What is ${brand.siteCredit.name}?`,
    answer: (
      <>
        {brand.siteCredit.name} is a balance on your account that you can spend on tickets: choose
        how much of it to use at checkout.
      </>
    ),
  },
  {
    question: "What happens if I win?",
    answer: (
      <>
        We will call and email you using the details on your account, so please keep them up to
        date. Physical prizes are delivered free within the UK, and where a competition offers a
        cash alternative you can choose the cash instead.
      </>
    ),
  },
  {
    question: "What if a competition doesn't sell out?",
    answer: (
      <>
        The draw still takes place at the advertised time, and the winning number is drawn from the
        tickets that were allocated. Your odds can only be better than those shown.
      </>
    ),
  },
  {
    question: "How do I contact you?",
    answer: <>Email our customer care team at {mail}. We aim to reply within one working day.</>,
  },
  {
    question: "How do I keep it fun?",
    answer: (
      <>
        Set yourself a budget and stick to it, and never spend more than you can afford to lose. If
        playing stops being fun, free and confidential support is available from{" "}
        <a
          className="font-semibold text-accent hover:underline"
          href="https://www.gamcare.org.uk"
          target="_blank"
          rel="noopener noreferrer"
        >
          GamCare
        </a>{" "}
        and{" "}
        <a
          className="font-semibold text-accent hover:underline"
          href="https://www.begambleaware.org"
          target="_blank"
          rel="noopener noreferrer"
        >
          BeGambleAware
        </a>
        .
      </>
    ),
  },
]

function Faq() {
  const { hash } = useLocation()
  // A link to one answer (#enter-by-post) opens it and brings it into view.
  useEffect(() => {
    const answer = hash ? document.getElementById(hash) : null
    if (!(answer instanceof HTMLDetailsElement)) return
    answer.open = true
    answer.scrollIntoView({ block: "start" })
    answer.querySelector("summary")?.focus()
  }, [hash])
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Help" title="Frequently asked questions" />
      <div className="space-y-3">
        {faqs.map((faq) => (
          <details
            key={faq.question}
            id={faq.id}
            className="card group scroll-mt-24 overflow-hidden"
          >
            <summary className="flex min-h-14 items-center justify-between gap-4 px-5 py-4 text-base font-bold hover:bg-sunken/60">
              {faq.question}
              <Icon
                name="chevronDown"
                className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="border-t border-line px-5 py-4 leading-relaxed text-muted">
              {faq.answer}
            </div>
          </details>
        ))}
      </div>
      <div className="card mt-10 flex flex-col items-center gap-4 p-8 text-center">
        <p className="text-lg font-semibold">Still got a question?</p>
        <p className="text-muted">Our team is happy to help: {mail}</p>
        <Link to="/Competitions" className="btn-primary">
          View competitions
        </Link>
      </div>
    </div>
  )
}
