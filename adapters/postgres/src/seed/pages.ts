/**
 * The footer's static pages (SPEC §2) for the demo brand, stored as the
 * Resources `content-page-*` (decision 0033) that staff edit in the back
 * office. Written as a small UK operator would publish them; links carry
 * the rel the sanitiser gives every link, so what is seeded is exactly what
 * a save would store.
 */
const REL = 'rel="nofollow noopener noreferrer"'
const CARE =
  '<a href="mailto:help@howzat.example" rel="nofollow noopener noreferrer">help@howzat.example</a>'
const POSTAL_ADDRESS = "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ"

const TERMS_OF_USE = `<h2>Terms of use</h2>
<p>This website is run by Howzat Prize Competitions ("we", "us"). By using it you agree to these terms. Entering a competition is also governed by our <a href="/TsAndCs" ${REL}>competition terms and conditions</a>.</p>
<h3>Your account</h3>
<p>You must be 18 or over and live in the United Kingdom to open an account. Keep your password to yourself: you are responsible for what is done with your account. One account per person; we may close duplicate accounts and any account used to get round entry limits.</p>
<h3>Using the site</h3>
<p>Do not try to interfere with the site, probe it for weaknesses, or use automated tools to buy tickets. Prices, prizes and closing times are shown on each competition page; if we make an obvious pricing mistake we will refund the affected orders in full.</p>
<h3>Changes and contact</h3>
<p>We may update these terms; the version on this page applies from the day it is published. Questions go to ${CARE}. These terms are governed by the law of England and Wales.</p>`

const TERMS_AND_CONDITIONS = `<h2>Competition terms and conditions</h2>
<p>These rules apply to every competition on this site, alongside the details on each competition's page (prize, ticket price, number of tickets, maximum entries per person, closing time and draw date).</p>
<h3>Who can enter</h3>
<p>Entrants must be 18 or over and resident in the United Kingdom. Our staff and their households may not enter. We check a winner's age and identity before a prize is handed over.</p>
<h3>Free entry route</h3>
<p>You can enter any competition without paying. Send your full name, address, date of birth, phone number, email address and the name of the competition on an unenclosed postcard, by first or second class post, to ${POSTAL_ADDRESS}. Each postcard is one entry and must arrive before the competition closes. Postal entries go into the same draw as paid entries with exactly the same chance of winning, and count towards the maximum entries per person.</p>
<h3>How winners are chosen</h3>
<p>Each entry holds a ticket number allocated at random when the order is paid. After the competition closes, the winning number is drawn at random, live on our stream or automatically at the time on its page. Every draw publishes its seed and entry list so anyone can check the result. Instant-win numbers are fixed and published before sales open; a ticket that matches one wins that prize at once.</p>
<h3>Prizes</h3>
<p>Prizes are as described on the competition page. Where a cash alternative is shown, the winner may take it instead. We contact winners by email and phone; if we cannot reach a winner within 14 days, or they do not meet these rules, we may draw again.</p>
<h3>Refunds and cancellation</h3>
<p>Tickets cannot be returned once a competition is live. If we cancel a competition, every entrant is refunded in full.</p>`

const PRIVACY_POLICY = `<h2>Privacy policy</h2>
<p>Howzat Prize Competitions is the controller of the personal data you give us, under the UK GDPR and the Data Protection Act 2018.</p>
<h3>What we keep and why</h3>
<ul>
  <li><strong>Your account:</strong> name, email address, phone number, date of birth and addresses, to run your account, check your age and deliver prizes (our contract with you, and a legal duty to check age).</li>
  <li><strong>Your orders and tickets:</strong> what you bought, when and how you paid, kept for six years for the accounts and so that every draw can be checked.</li>
  <li><strong>Marketing choices:</strong> we email offers only if you said yes, and you can change that on your account page at any time.</li>
</ul>
<p>Card details go straight to our payment provider and never reach our servers. We share data only with the companies that help us run the shop (payments, email, hosting) and when the law requires it. Winners' first names and towns may be shown on the winners page.</p>
<h3>Your rights</h3>
<p>You can ask for a copy of your data, ask us to correct it, or ask us to erase it. When an account is erased we remove your personal details but keep the orders and tickets, without your name, for the accounts and the draws. Email ${CARE}. If you are unhappy with how we handled your data you can complain to the <a href="https://ico.org.uk" ${REL}>Information Commissioner's Office</a>.</p>`

const COOKIE_POLICY = `<h2>Cookie policy</h2>
<p>This policy lists every cookie and every item of browser storage (localStorage and sessionStorage) this site sets, what each is for and how long it lasts. Cookies and browser storage are small pieces of information kept by your browser for this site.</p>
<h3>Necessary</h3>
<p>The shop cannot work without these, so the law (the Privacy and Electronic Communications Regulations) does not ask for your consent. They are only ever used by us, never for advertising.</p>
<table>
<caption>Necessary cookies and storage</caption>
<thead>
<tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">What it is for</th><th scope="col">Category</th><th scope="col">How long</th></tr></thead><tbody>
<tr><td>howzat_refresh</td><td>Cookie</td><td>Keeps you signed in between visits. Sent only to our sign-in service and unreadable by scripts on the page.</td><td>Necessary</td><td>Until you log out, or 14 days after you last used the site</td></tr>
<tr><td>XSRF-TOKEN</td><td>Cookie</td><td>A random value that proves a change to your basket or account came from this site, protecting you from cross-site request forgery.</td><td>Necessary</td><td>Until you close your browser</td></tr>
<tr><td>BasketId</td><td>localStorage</td><td>The reference of your basket, so its tickets are still there when you come back.</td><td>Necessary</td><td>Until you clear your browser's storage; replaced after each order</td></tr>
<tr><td>BasketOwner</td><td>localStorage</td><td>Which account the kept basket belongs to, so nobody else signing in on this device is shown your basket.</td><td>Necessary</td><td>Until you clear your browser's storage</td></tr>
<tr><td>BasketChanged</td><td>localStorage</td><td>Tells your other open tabs that the basket changed, so every tab shows the same basket.</td><td>Necessary</td><td>Until you clear your browser's storage</td></tr>
<tr><td>howzat-session</td><td>localStorage</td><td>Notes that this browser may be signed in (it holds no password or token), so a visitor who is not signed in makes no sign-in request.</td><td>Necessary</td><td>Until you log out</td></tr>
<tr><td>howzat-theme</td><td>localStorage</td><td>Your choice of the light or dark theme.</td><td>Necessary</td><td>Until you clear your browser's storage</td></tr>
<tr><td>howzat-cookie-consent</td><td>localStorage</td><td>Your answer to our cookie banner: which optional cookies you allow, the version of this policy you answered and when.</td><td>Necessary</td><td>12 months, or until this policy changes; then we ask again</td></tr>
<tr><td>tsr-scroll-restoration-v1_3</td><td>sessionStorage</td><td>Where you had scrolled to on each page, so the Back button returns you to the same place.</td><td>Necessary</td><td>Until you close the tab</td></tr>
<tr><td>__stripe_mid, __stripe_sid</td><td>Cookie</td><td>Set by Stripe, our card payment provider, on the payment page only, to prevent fraud.</td><td>Necessary</td><td>__stripe_mid 1 year; __stripe_sid 30 minutes</td></tr>
<tr><td>howzat-staff-session</td><td>localStorage</td><td>Back office only (our staff): notes that a member of staff may be signed in.</td><td>Necessary</td><td>Until they sign out</td></tr>
</tbody>
</table>
<h3>Optional: statistics and marketing</h3>
<p>We set these only if you allow them, and only while we use the service named. You choose with the banner on your first visit ("Accept all", "Reject all" or "Choose cookies"), and can change your mind at any time with "Cookie settings" at the bottom of every page: withdrawing consent stops the service at once and deletes its cookies from this site. Nothing is ticked for you.</p>
<p>At the moment we do not use either service, so none of these cookies is set. If we start, this page will say so and the banner will ask you again before anything is set.</p>
<p>Statistics: session recordings with Microsoft Clarity, which show us how pages are used so we can fix what gets in people's way. Typing in forms is masked. Allowing marketing also allows these recordings.</p>
<table>
<caption>Statistics cookies (only with your consent)</caption>
<thead>
<tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">What it is for</th><th scope="col">Category</th><th scope="col">How long</th></tr></thead><tbody>
<tr><td>_clck</td><td>Cookie</td><td>Microsoft Clarity session recordings: recognises the same browser across visits.</td><td>Statistics</td><td>1 year</td></tr>
<tr><td>_clsk</td><td>Cookie</td><td>Microsoft Clarity: joins the pages of one visit into one recording.</td><td>Statistics</td><td>1 day</td></tr>
<tr><td>CLID, MUID, ANONCHK, MR, SM</td><td>Cookie (set by Microsoft on clarity.ms and bing.com)</td><td>Microsoft Clarity: identifies the browser to Microsoft and checks that recordings are sent.</td><td>Statistics</td><td>Up to 1 year</td></tr>
</tbody>
</table>
<p>Marketing: the Meta pixel, which tells Meta when you add tickets to your basket or remove them, start checkout, place an order and pay, so we can see which adverts work.</p>
<table>
<caption>Marketing cookies (only with your consent)</caption>
<thead>
<tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">What it is for</th><th scope="col">Category</th><th scope="col">How long</th></tr></thead><tbody>
<tr><td>_fbp</td><td>Cookie</td><td>Meta pixel: recognises this browser so Meta can tell us which adverts led to visits and orders.</td><td>Marketing</td><td>90 days</td></tr>
<tr><td>_fbc</td><td>Cookie</td><td>Meta pixel: the advert click that brought you to the site.</td><td>Marketing</td><td>90 days</td></tr>
<tr><td>fr</td><td>Cookie (set by Meta on facebook.com)</td><td>Meta: delivers and measures adverts.</td><td>Marketing</td><td>90 days</td></tr>
</tbody>
</table>
<h3>What we record without cookies</h3>
<p>Our own server notes which pages of the shop are visited, and when a payment succeeds or fails, so we can keep the site working and investigate problems. This uses no cookie or storage in your browser and is not shared with anyone. Our <a href="/PrivacyPolicy" ${REL}>privacy policy</a> explains how long we keep it and your rights.</p>
<h3>Questions</h3>
<p>Email ${CARE}. You can also delete cookies and storage for this site in your browser's settings at any time; you will then be signed out and your basket forgotten.</p>`

const RESPONSIBLE_PLAY = `<h2>Responsible play</h2>
<p>Our competitions should be fun. Only spend what you can afford to lose, and never chase losses.</p>
<ul>
  <li>Every competition has a maximum number of entries per person.</li>
  <li>You must be 18 or over to play; we check the age of every winner.</li>
  <li>If you want a break, email ${CARE} and we will close your account for the period you choose, from six months upwards. We will not reopen it early.</li>
</ul>
<p>If playing is no longer fun, free, confidential help is available from <a href="https://www.gamcare.org.uk" ${REL}>GamCare</a> (National Gambling Helpline 0808 8020 133, 24 hours a day) and <a href="https://www.begambleaware.org" ${REL}>BeGambleAware</a>.</p>`

const CHARITY_SUPPORT = `<h2>Charity support</h2>
<p>At checkout you can round your basket up to the next pound. Every penny of a round-up goes to the Chance to Shine cricket charity, which brings the game to state schools and communities across the UK.</p>
<p>Round-ups are optional, are never an entry and never change your chance of winning. Everything donated is passed on to the charity.</p>`

export const STATIC_PAGES: Readonly<Record<string, string>> = {
  "content-page-terms-of-use": TERMS_OF_USE,
  "content-page-terms-and-conditions": TERMS_AND_CONDITIONS,
  "content-page-privacy-policy": PRIVACY_POLICY,
  "content-page-cookie-policy": COOKIE_POLICY,
  "content-page-responsible-play": RESPONSIBLE_PLAY,
  "content-page-charity-support": CHARITY_SUPPORT,
}
