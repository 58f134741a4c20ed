/**
 * The footer's static pages (docs/product/screens.md) for the demo brand, stored as the
 * Resources `content-page-*` (decision 0033) that staff edit in the back
 * office. Written as a small UK operator would publish them; links carry
 * the rel the sanitiser gives every link, so what is seeded is exactly what
 * a save would store.
 */
const REL = 'rel="nofollow noopener noreferrer"'
const CARE =
  '<a href="mailto:help@howzat.example" rel="nofollow noopener noreferrer">help@howzat.example</a>'
const POSTAL_ADDRESS = "Howzat Prize Competitions (Free Entry), PO Box 1882, Taunton TA1 9ZZ"
/** Complaints and data requests by post (the free entry box is for postcards only). */
const OFFICE_ADDRESS = "Howzat Prize Competitions, PO Box 1881, Taunton TA1 9ZY"
const link = (href: string, text: string) => `<a href="${href}" ${REL}>${text}</a>`

const TERMS_OF_USE = `<p>These terms apply to everyone who uses this website, which is run by Howzat Prize Competitions ("we", "us", "our"). By using the site you agree to them. Entering a competition is also governed by our ${link("/TsAndCs", "competition terms and conditions")}, and what we do with your personal data is explained in our ${link("/PrivacyPolicy", "privacy policy")}.</p>
<h2>Your account</h2>
<ul>
  <li>You must be 18 or over and live in the United Kingdom to open an account. We may ask you to prove your age and identity, and always do before handing over a prize.</li>
  <li>One account per person. We may close duplicate accounts, and accounts opened to get round a competition's maximum entries, and refund the tickets bought with them.</li>
  <li>Keep your password to yourself and tell us at once at ${CARE} if you think someone else has used your account.</li>
  <li>Keep your details up to date: we use them to contact you if you win.</li>
</ul>
<h2>Using the site</h2>
<ul>
  <li>Don't try to interfere with the site, probe it for weaknesses, overload it, or use bots or scripts to buy tickets or create accounts.</li>
  <li>Prices, prizes, ticket numbers and closing times are shown on each competition page. If we make an obvious mistake in a price or a prize, we will cancel and refund the affected orders in full.</li>
  <li>We try to keep the site available, but we may suspend it for maintenance or when something goes wrong. A competition whose sales are interrupted still closes and is drawn as its page says unless we tell you otherwise.</li>
</ul>
<h2>Site credit</h2>
<p>Howzat Credit is a balance on your account that you can spend on tickets. It is not a bank account and earns no interest. Credit you bought can be refunded on request while your account is open: email customer care. Credit won as a prize or given in a promotion can only be spent on tickets.</p>
<h2>Our content</h2>
<p>The text, images, logos and design of this site belong to us or to those who licensed them to us. You may view and share pages for your own use, but not copy them for a business.</p>
<h2>Our responsibility to you</h2>
<p>We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable, for business losses, or for problems caused by your own device or internet connection. Nothing in these terms limits our liability where the law does not allow it, including for death or personal injury caused by our negligence or for fraud, and nothing affects your statutory rights.</p>
<h2>Complaints</h2>
<p>Tell us if something has gone wrong. How to complain, how long we take to answer and how to escalate a complaint are set out in the complaints section of our ${link("/TsAndCs", "competition terms and conditions")}.</p>
<h2>Changes and the law</h2>
<p>We may update these terms, for example when the law or our service changes. The version on this page applies from the day it is published; if a change matters to you we will tell you by email before it applies. These terms are governed by the law of England and Wales; if you live in Scotland or Northern Ireland you may also bring proceedings there.</p>`

const TERMS_AND_CONDITIONS = `<p>These rules apply to every competition on this site, together with the details on each competition's page: the prize, any cash alternative, the ticket price, the number of tickets, the maximum entries per person, the closing time and the draw date. Please read them before you enter. If a competition page and these rules differ, the competition page applies to that competition.</p>
<h2>1. The promoter</h2>
<p>The promoter is ${OFFICE_ADDRESS}. Contact us at ${CARE}.</p>
<h2>2. Who can enter</h2>
<ul>
  <li>You must be 18 or over and live in the United Kingdom.</li>
  <li>Our staff, their households and anyone professionally connected with a competition may not enter it.</li>
  <li>We check the age and identity of every winner before a prize is handed over. A winner who does not meet these rules forfeits the prize.</li>
</ul>
<h2>3. Entering online</h2>
<p>Choose a competition and a number of tickets, and pay at checkout by card or with site credit. Your entry is made when your payment is confirmed: your ticket numbers are then allocated at random from those still available and shown on your order and in your account. An order that is not paid within its time limit is cancelled and its tickets go back on sale.</p>
<h2>4. Free entry route</h2>
<p>You can enter any competition without paying. Send your full name, postal address, date of birth, phone number, email address and the name of the competition you are entering on an unenclosed postcard, by first or second class post, to ${POSTAL_ADDRESS}.</p>
<ul>
  <li>Each postcard is one entry for one competition. Postcards in envelopes, bulk or third-party entries, and entries that are illegible or incomplete are not accepted.</li>
  <li>Your postcard must arrive before the competition closes; we cannot accept entries that arrive later or once every ticket has been allocated.</li>
  <li>A free entry is allocated a ticket number at random, goes into the same draw as paid entries and has exactly the same chance of winning.</li>
  <li>Free entries count towards the maximum entries per person.</li>
</ul>
<h2>5. Entry limits</h2>
<p>Each competition has a maximum number of entries per person, shown on its page, counting paid and free entries together. Entries over the limit, or made through more than one account, are void and paid ones are refunded.</p>
<h2>6. How winners are chosen</h2>
<ul>
  <li>Ticket numbers are allocated at random by our system, so nobody can choose or predict which numbers they get.</li>
  <li>After a competition closes, one winning ticket number is drawn at random from every ticket allocated, paid and free alike. The draw is made live on our stream (usually Thursdays at 8:30pm) or automatically at the time on the competition page.</li>
  <li>Every draw publishes its proof: a commitment made when the competition was created, the seed revealed at the draw and the full list of entered ticket numbers (never names), so anyone can check the result. ${link("/Legitimacy", "How our draws work")} explains how.</li>
  <li>If a competition closes without selling every ticket, the draw still takes place at the advertised time from the tickets allocated.</li>
</ul>
<h2>7. Instant wins</h2>
<p>Some competitions have instant-win prizes. Their winning ticket numbers are chosen at random and fixed, with a published commitment, before sales open, and are listed on the competition page. If you are allocated one, you win that prize straight away, whatever happens in the main draw. Site-credit prizes are added to your account at once; we contact you about any other prize.</p>
<h2>8. Prizes and cash alternatives</h2>
<ul>
  <li>Prizes are as described on the competition page. We deliver physical prizes free of charge to a UK address within 28 days of confirming the winner, unless the page says otherwise.</li>
  <li>Where a competition page offers a cash alternative, the winner may choose it instead of the prize, within 14 days of being told they have won; we pay it by bank transfer within 14 days of their choice. Where no cash alternative is shown, none is available.</li>
  <li>If a prize becomes unavailable for reasons beyond our control, we will offer a prize of equal or greater value or, where one is shown, its cash alternative.</li>
  <li>Prizes cannot be transferred to someone else before they are handed over.</li>
</ul>
<h2>9. Contacting winners</h2>
<p>We contact winners by phone and email using the details on their account, within 7 days of the draw. If we cannot reach a winner, or a winner does not accept the prize, within 28 days of our first attempt, we may draw a new winner by the same method. The winner's name and ticket number are shown on our Winners page and the competition's page; a winner may ask us not to show their name.</p>
<h2>10. Cancellation and refunds</h2>
<ul>
  <li>Because each entry is for a draw on a fixed date, tickets cannot be cancelled or returned once your order is paid, except as these rules say.</li>
  <li>If we cancel a competition, for example because a prize can no longer be supplied, every paid entrant is refunded in full to the way they paid.</li>
  <li>We may void entries made in breach of these rules, or by fraud or automated means, and refund them.</li>
</ul>
<h2>11. Complaints</h2>
<p>We want to put things right quickly. To complain about a competition, an order, a draw, a prize, your account or how we look after your play:</p>
<ol>
  <li><strong>Tell us.</strong> Use our ${link("/Home/Complaints", "complaints form")}, email ${CARE} with "Complaint" in the subject, or write to ${OFFICE_ADDRESS}, with your name, the email address on your account and, if it is about an order, its reference. Please complain within 3 months of the event.</li>
  <li><strong>We acknowledge it</strong> with a complaint reference (it starts HZC-): straight away by email when you use the form, and within 2 working days when you email or write. A member of our team will be in touch within 2 working days.</li>
  <li><strong>We answer it.</strong> We aim to resolve most complaints within 10 working days. If we need longer we will tell you why and when to expect it, and you will always have our final response within 8 weeks.</li>
  <li><strong>Escalate it.</strong> If you are unhappy with our answer, reply within 28 days and ask for it to be reviewed. A director who was not involved reviews the complaint and sends our final response within 14 days, and still within the 8 weeks.</li>
  <li><strong>If it is still not resolved,</strong> or 8 weeks have passed without our final response, you can ask us to refer your complaint to an independent dispute resolution service, free of charge; we name it in our final response. You can also get free, impartial advice from the Citizens Advice consumer helpline (0808 223 1133, ${link("https://www.citizensadvice.org.uk/consumer/", "citizensadvice.org.uk")}), and you may take the matter to court. Complaints about how we use your personal data can also go to the Information Commissioner's Office (see our ${link("/PrivacyPolicy", "privacy policy")}).</li>
</ol>
<p>Complaining never affects your entries or your chance of winning, and nothing in these rules affects your statutory rights.</p>
<h2>12. General</h2>
<p>Because every competition has a free entry route, our competitions are free prize draws, not lotteries, under the Gambling Act 2005. Entry means you accept these rules. We may change them for future competitions; a competition already on sale runs under the rules published when it opened. These rules are governed by the law of England and Wales.</p>`

const PRIVACY_POLICY = `<p>This policy explains what personal data Howzat Prize Competitions keeps about you, why, for how long, and your rights. We are the controller of that data under the UK GDPR and the Data Protection Act 2018. Contact us about it at ${CARE} or by post at ${OFFICE_ADDRESS}.</p>
<h2>What we keep, and why</h2>
<ul>
  <li><strong>Your account:</strong> name, email address, phone number, date of birth, password (stored only as a one-way hash) and billing and delivery addresses. We use them to run your account, take your orders and contact and deliver to winners (performing our contract with you), and to check you are 18 or over (a legal obligation and our legitimate interest in keeping under-18s out).</li>
  <li><strong>Your orders, tickets and site credit:</strong> what you bought and when, your ticket numbers, how you paid (never your full card number) and your site-credit balance and statement. We need them to perform our contract, and the law requires us to keep financial records.</li>
  <li><strong>Free postal entries:</strong> the details on your postcard, to enter you in the draw you asked for (our contract with you).</li>
  <li><strong>Winners:</strong> the prize, how it was delivered and the checks we made of age and identity (our contract, and a legal obligation). We show winners' names and ticket numbers on our Winners page to show our draws are real (our legitimate interest); you can ask us not to show yours.</li>
  <li><strong>Marketing choices:</strong> we send offers by email, text or phone only if you said yes (your consent), and you can change your mind at any time in your account or through the link in every email.</li>
  <li><strong>Messages to us:</strong> what you write to customer care, to answer you and handle complaints (our legitimate interest, or our contract with you).</li>
  <li><strong>Security and technical data:</strong> your IP address, the pages you request, sign-in attempts and error reports, to keep accounts and the site secure, stop fraud and fix problems (our legitimate interest).</li>
</ul>
<h2>Who we share it with</h2>
<p>We share data only with the companies that help us run the shop, under contracts that let them use it only for us: our card payment provider (which takes your card details directly, so they never reach our servers), our email delivery service, our hosting provider and, for prize delivery, couriers. We share data with the police, regulators or courts when the law requires it or to prevent fraud. We never sell your data. Where a provider handles data outside the UK, we rely on UK adequacy regulations or the ICO's International Data Transfer Agreement to protect it.</p>
<h2>How long we keep it</h2>
<ul>
  <li><strong>Account details:</strong> while your account is open. When you close it or ask us to erase it, we remove your name and contact details within 30 days, except where the rest of this list says we must keep something.</li>
  <li><strong>Orders, payments, tickets and site-credit records:</strong> 6 years from the end of the financial year they belong to, as tax law requires; after erasure they are kept without your name.</li>
  <li><strong>Winners' records and age and identity checks:</strong> 6 years after the prize is handed over.</li>
  <li><strong>Free postal entries:</strong> the entry details for 6 years with the draw's records; the postcard itself for 3 months after the draw.</li>
  <li><strong>Draw proofs:</strong> kept and published for good. They list ticket numbers only, never names.</li>
  <li><strong>Marketing consent:</strong> while you are subscribed, and a record of your choice for 2 years after you unsubscribe, so we can show we respected it.</li>
  <li><strong>Messages and complaints:</strong> 2 years after the matter is closed.</li>
  <li><strong>Security and technical logs:</strong> up to 90 days, longer only while we investigate a specific incident.</li>
  <li><strong>Signing in:</strong> the cookie that keeps you signed in ends when you log out or after a period without use; our ${link("/CookiePolicy", "cookie policy")} lists every cookie.</li>
</ul>
<h2>Your rights</h2>
<p>Under the UK GDPR you have the right to:</p>
<ul>
  <li>ask for a copy of the personal data we hold about you (access);</li>
  <li>have inaccurate data corrected (rectification); you can change most of it in your account;</li>
  <li>have your data erased, where we no longer need to keep it;</li>
  <li>ask us to restrict how we use your data, or object to our using it on the basis of our legitimate interests;</li>
  <li>object at any time to direct marketing, which we will then stop;</li>
  <li>receive the data you gave us in a portable format (portability);</li>
  <li>withdraw your consent at any time, where we rely on it.</li>
</ul>
<p>Winners are chosen at random, not by any automated decision about you. To use a right, email ${CARE}. We may ask you to confirm your identity, and we answer within one month (or tell you within that month if we need up to two more, for a complex request). It is free.</p>
<h2>Complaints to the ICO</h2>
<p>If you are unhappy with how we handle your data, please tell us first so we can put it right. You also have the right to complain to the Information Commissioner's Office, the UK's data protection regulator: ${link("https://ico.org.uk/make-a-complaint/", "ico.org.uk/make-a-complaint")}, 0303 123 1113, or Information Commissioner's Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF.</p>
<h2>Changes</h2>
<p>We update this policy when what we do with your data changes, and tell you by email about any change that matters to you.</p>`

const COOKIE_POLICY = `<p>This policy lists every cookie and every item of browser storage (localStorage and sessionStorage) this site sets, what each is for and how long it lasts. Cookies and browser storage are small pieces of information kept by your browser for this site.</p>
<h2>Necessary</h2>
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
<h2>Optional: statistics and marketing</h2>
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
<h2>What we record without cookies</h2>
<p>Our own server notes which pages of the shop are visited, and when a payment succeeds or fails, so we can keep the site working and investigate problems. This uses no cookie or storage in your browser and is not shared with anyone. Our <a href="/PrivacyPolicy" ${REL}>privacy policy</a> explains how long we keep it and your rights.</p>
<h2>Questions</h2>
<p>Email ${CARE}. You can also delete cookies and storage for this site in your browser's settings at any time; you will then be signed out and your basket forgotten.</p>`

const RESPONSIBLE_PLAY = `<p>Our competitions are meant to be fun. Entering should never be a way to make money or to win back what you have spent. Please only spend what you can comfortably afford.</p>
<p>We have signed up to the UK government's Voluntary Code of Good Practice for Prize Draw Operators. This page explains, in plain English, what that means for you and the tools you can use in your account.</p>
<h2>Keeping it fun</h2>
<ul>
  <li>Decide on a budget before you play, and stick to it.</li>
  <li>Treat what you spend as the cost of entertainment, not an investment: most tickets do not win.</li>
  <li>Never chase losses or borrow money to play.</li>
  <li>Take regular breaks, and don't play when you are upset, stressed or have been drinking.</li>
  <li>Balance playing with other things you enjoy.</li>
</ul>
<h2>Your monthly spend limit</h2>
<ul>
  <li>You can set how much you want to spend each calendar month, from ${link("/Account/SpendLimit", "your account")}. We ask when you sign up and again after your first order, and we will ask before any further order until you have answered. £0 is allowed; "no limit" is only ever your own choice.</li>
  <li>The month is the calendar month, UK time. Everything you spend on entries counts towards it, whether you pay by card or with site credit, including any charity round-up; an unpaid order counts until it is cancelled or expires. Buying site credit only counts when you spend it.</li>
  <li>Lowering your limit works straight away. Raising or removing it only takes effect after 24 hours, so the decision is never made in the heat of the moment.</li>
  <li>If an order would take you over your limit, we will not take it, and we tell you how much you have left this month.</li>
</ul>
<h2>Credit cards</h2>
<ul>
  <li>You can spend at most £250 a calendar month by credit card with us.</li>
  <li>Credit cards cannot be used at all for instant win competitions: please use a debit card.</li>
  <li>The payment page tells you before you pay when a credit card cannot be used. If one gets through anyway, we refund it straight away and your order stays open for another card.</li>
</ul>
<h2>Taking a break or closing your account</h2>
<ul>
  <li>From ${link("/Account/TakeABreak", "your account")} you can take a short break (24 hours, 7 days or 30 days), suspend your account for 6 months, 1 year, 2 years or 5 years, or close it.</li>
  <li>A break cannot be ended early, by you or by us. You can make it longer.</li>
  <li>While your account is paused or closed you cannot buy tickets or enter competitions, including by post, and we send you no marketing. You can still sign in to see your orders, tickets and any wins, and tickets you already hold stay in their draws.</li>
  <li>Closing your account is for good. We only reopen an account if you ask us to in writing, and never within 6 months of closing it. Any site credit left is refunded to you on request.</li>
</ul>
<h2>What else we do</h2>
<ul>
  <li>Only adults can play: you must be 18 or over. We check your age before you can buy anything (we may ask for more proof), and again for every winner before a prize is handed over.</li>
  <li>We watch for signs that play may be causing harm, such as repeatedly reaching a spend limit, raising it often, spending much faster than usual or many declined payments. If we see them, we show you where to get support and our team may get in touch.</li>
  <li>Every competition page shows the key facts: the odds, the total number of tickets, the maximum entries per person, how the winner is chosen, the free entry route and any cash alternative.</li>
  <li>Every competition can be entered for free by post, with exactly the same chance of winning: see our ${link("/TsAndCs", "terms and conditions")}.</li>
  <li>Instant win competitions never make up the majority of the competitions we have open.</li>
  <li>Every competition stays open for at least 24 hours, and once it is on sale its closing time and draw date never move.</li>
  <li>Prizes are awarded as described, or as the cash alternative stated on the competition page, and our winner records say which.</li>
  <li>Your order history and site credit statement in your account show everything you have spent. You can turn off all our marketing at any time in your account.</li>
</ul>
<h2>Complaints</h2>
<p>If something has gone wrong, ${link("/Home/Complaints", "make a complaint")} or email ${CARE}. You get a reference number and an acknowledgement straight away, and our ${link("/TsAndCs", "terms and conditions")} set out how long we take to answer and how to escalate.</p>
<h2>Is it still fun?</h2>
<p>It may be time to stop if you spend more than you meant to, feel you need to play to feel better, hide how much you play from people close to you, or are arguing about it. Free, confidential help is available 24 hours a day:</p>
<ul>
  <li>${link("https://www.gamcare.org.uk", "GamCare")}: the National Gambling Helpline, 0808 8020 133, and live chat on its website.</li>
  <li>${link("https://www.begambleaware.org", "BeGambleAware")}: advice, a self-assessment and where to find support near you.</li>
</ul>
<p>If you are worried about someone else's play, both can help you too.</p>`

const CHARITY_SUPPORT = `<p>We give something back to the game. At checkout you can round your basket up to the next pound, and every penny of the round-up goes to the charity named on this page.</p>
<ul>
  <li>A round-up is optional: you choose it at checkout each time.</li>
  <li>It is a donation, not an entry: it never changes your tickets or your chance of winning.</li>
  <li>Everything donated is passed on to the charity in full; we keep nothing back to cover costs.</li>
</ul>
<p>Questions about donations? Email us at ${CARE}.</p>`

export const STATIC_PAGES: Readonly<Record<string, string>> = {
  "content-page-terms-of-use": TERMS_OF_USE,
  "content-page-terms-and-conditions": TERMS_AND_CONDITIONS,
  "content-page-privacy-policy": PRIVACY_POLICY,
  "content-page-cookie-policy": COOKIE_POLICY,
  "content-page-responsible-play": RESPONSIBLE_PLAY,
  "content-page-charity-support": CHARITY_SUPPORT,
}
