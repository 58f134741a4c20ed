/** Site content for the demo brand, stored as resources the storefront fetches by key. */

export const SITE_STYLES = `/* Brand overrides loaded after the design tokens. Empty rules are fine. */
:root {
  --brand-accent: #0f766e;
}
`

export const HOW_IT_WORKS = `<h2>How it works</h2>
<ol>
  <li><strong>Pick a competition.</strong> Every prize shows its ticket price, how many tickets exist and when it closes.</li>
  <li><strong>Choose your tickets.</strong> Numbers are allocated at random the moment your order completes, so nobody can time a purchase to land on an instant win.</li>
  <li><strong>Check for instant wins.</strong> If one of your numbers is an instant-win number listed on the competition page, you win that prize the moment your order is paid: site credit goes into your account, and we get in touch about any other prize.</li>
  <li><strong>Watch the draw.</strong> Live draws stream every Thursday at 8:30pm; other competitions are drawn automatically at the time on their page. Every draw publishes a proof you can check yourself.</li>
</ol>
<p>Prefer not to pay? Every competition has a free postal entry route; see the competition rules.</p>`

export const CHARITY_BANNER = `<p><strong>Playing for the grassroots.</strong> Round up your basket and every penny goes to the
Chance to Shine cricket charity, bringing the game to state schools and communities across the UK.</p>`

export const HERO_SUB = `<p>Win cricket kit, cash, tech and cars from <strong>49p</strong> a ticket.
Live draws every Thursday at 8:30pm.</p>`

export const CLUBS: ReadonlyArray<{ readonly name: string; readonly voucherCode: string }> = [
  { name: "Yorkshire CCC", voucherCode: "YORKSHIRE10" },
  { name: "Lancashire Cricket", voucherCode: "LANCASHIRE10" },
  { name: "Surrey CCC", voucherCode: "SURREY10" },
  { name: "Middlesex Cricket", voucherCode: "MIDDLESEX10" },
  { name: "Somerset CCC", voucherCode: "SOMERSET10" },
  { name: "Nottinghamshire CCC", voucherCode: "NOTTS10" },
]

/** A prize description as staff would write it: a paragraph and a list of what's included. */
export const prizeDescription = (
  intro: string,
  included: readonly string[],
  footnote?: string,
): string =>
  [
    `<p>${intro}</p>`,
    "<ul>",
    ...included.map((item) => `  <li>${item}</li>`),
    "</ul>",
    ...(footnote ? [`<p><em>${footnote}</em></p>`] : []),
  ].join("\n")
