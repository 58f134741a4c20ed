import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  emailChangedNotice,
  emailInUseNotice,
  loginLinkEmail,
  passwordChangedNotice,
  passwordResetEmail,
  secondFactorLockedNotice,
  staffInvitationEmail,
  verificationEmail,
} from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { complaintAcknowledgementEmail, complaintReceivedEmail } from "../complaints/emails.js"
import { contactAcknowledgementEmail, contactMessageEmail } from "../contact/emails.js"
import { drawWinnerEmail } from "../draws/emails.js"
import { orderConfirmationEmail } from "../orders/emails.js"
import { instantWinEmail } from "../orders/instant-win-email.js"
import { awaitingOrder } from "../orders/payment-doubles.js"
import type { Complaint } from "../ports/complaints.js"
import { referralInvitationEmail } from "../referrals/emails.js"
import { closureConfirmation, pauseConfirmation } from "../responsible-play/standing-emails.js"
import { EMAIL_HTML_FOOTER, EMAIL_HTML_HEADER, renderEmail } from "./email-layout.js"
import { pence } from "./money.js"

/**
 * Every email the shop sends goes through the one layout
 * (docs/decisions/0101), in the brand it is given: another operator's
 * brand, with a character HTML must escape, so a name written into a
 * builder or an unescaped value would show here.
 */
const brand: BrandShape = {
  name: "Wicket & Co",
  siteCreditName: "Wicket Coins",
  totpIssuer: "Wicket",
}

/** What a customer or a stranger may type: a tag, quotes and an ampersand. */
const typed = `<script>alert("O'Neil & co")</script>`
const escapedTyped = "&#60;script&#62;alert(&#34;O&#39;Neil &#38; co&#34;)&#60;/script&#62;"
const link = `https://shop.example/page?a=1&b="2"`

const order = awaitingOrder({
  orderRef: "HZ7K2Q",
  status: "Completed",
  lines: [
    {
      competitionId: "c1",
      competitionName: typed,
      quantity: 2,
      price: pence(250),
      preDiscountTotal: pence(500),
      lineTotal: pence(500),
      ticketNumbers: [1, 2],
    },
  ],
  creditItems: [{ description: brand.siteCreditName, lineTotal: pence(500) }],
  itemTotal: pence(1000),
  orderTotal: pence(1000),
})
const form = {
  firstName: typed,
  lastName: "Smith",
  email: "ann@example.com",
  telephoneNumber: "01234 567890",
  message: `${typed}\n\nA second paragraph`,
}
const complaint: Complaint = {
  id: "complaint-1",
  reference: "CMP-1",
  source: "Form",
  customerId: null,
  status: "Received",
  receivedAt: new Date(0),
  updatedAt: new Date(0),
  history: [],
  name: typed,
  email: "ann@example.com",
  category: "Order or payment",
  orderNumber: "",
  description: typed,
}

/** One message of every kind, each carrying something typed by someone else where it can. */
const everyKind: { readonly [K in MailMessage["kind"]]: () => MailMessage } = {
  VerifyEmail: () => verificationEmail(brand, "ann@example.com", typed, link),
  ResetPassword: () => passwordResetEmail(brand, "ann@example.com", typed, link),
  LoginLink: () => loginLinkEmail(brand, "ann@example.com", typed, link),
  EmailChanged: () => emailChangedNotice(brand, "ann@example.com", typed, typed),
  PasswordChanged: () => passwordChangedNotice(brand, "ann@example.com", typed),
  EmailInUse: () => emailInUseNotice(brand, "ann@example.com", typed),
  OrderConfirmation: () => orderConfirmationEmail(brand, "ann@example.com", typed, order, link),
  DrawWinner: () => drawWinnerEmail(brand, "ann@example.com", typed, typed, 7, link),
  InstantWin: () =>
    instantWinEmail(
      brand,
      "ann@example.com",
      typed,
      order,
      [
        {
          instantWinTicketId: "w1",
          competitionId: "c1",
          competitionName: typed,
          ticketNumber: 1,
          instantWinGroupId: "g1",
          prizeName: typed,
          siteCredit: pence(100),
        },
      ],
      link,
    ),
  StaffInvitation: () => staffInvitationEmail(brand, "ann@example.com", typed, "Admin", link, 48),
  SecondFactorLocked: () => secondFactorLockedNotice(brand, "ann@example.com", typed, 10),
  ContactMessage: () => contactMessageEmail(brand, "care@shop.example", form, "message-1"),
  ContactAcknowledgement: () => contactAcknowledgementEmail(brand, form),
  ReferralInvitation: () => referralInvitationEmail(brand, "friend@example.com", link),
  AccountPaused: () =>
    pauseConfirmation(brand, "ann@example.com", typed, "24Hours", new Date(0), link),
  AccountClosed: () => closureConfirmation(brand, "ann@example.com", typed, link),
  ComplaintAcknowledgement: () => complaintAcknowledgementEmail(brand, complaint, typed),
  ComplaintReceived: () => complaintReceivedEmail(brand, complaint, "care@shop.example"),
}

/** Messages for the care team, not a customer: unsigned. */
const toStaff = new Set<MailMessage["kind"]>(["ContactMessage", "ComplaintReceived"])
/** Messages that repeat nothing a stranger typed, on purpose (the address may be anyone's). */
const nothingTyped = new Set<MailMessage["kind"]>(["ReferralInvitation", "ContactAcknowledgement"])

const count = (text: string, part: string) => text.split(part).length - 1

describe("every email", () => {
  for (const [kind, make] of Object.entries(everyKind)) {
    const message = make()

    it(`${kind} is one page of the layout, with its header and footer`, () => {
      expect(message.kind).toBe(kind)
      expect(message.html.startsWith(`${EMAIL_HTML_HEADER}\n`)).toBe(true)
      expect(message.html.endsWith(`\n${EMAIL_HTML_FOOTER}`)).toBe(true)
      expect(count(message.html.toLowerCase(), "<html")).toBe(1)
      expect(count(message.html.toLowerCase(), "<!doctype")).toBe(1)
      expect(count(message.html, "</body></html>")).toBe(1)
    })

    it(`${kind} is signed by the brand it was given, and names no other`, () => {
      if (toStaff.has(kind as MailMessage["kind"])) {
        expect(message.text).not.toContain(" Co team")
      } else {
        expect(message.text.endsWith("\n\nThe Wicket & Co team")).toBe(true)
        expect(message.html.endsWith(`<p>The Wicket &#38; Co team</p>\n${EMAIL_HTML_FOOTER}`)).toBe(
          true,
        )
      }
      for (const part of [message.subject, message.text, message.html])
        expect(part).not.toMatch(/howzat/i)
    })

    it(`${kind} escapes what someone else typed`, () => {
      expect(message.html).not.toContain("<script")
      expect(message.html).not.toContain('"2"')
      if (!nothingTyped.has(kind as MailMessage["kind"])) {
        expect(message.text).toContain(typed)
        expect(message.html).toContain(escapedTyped)
      }
    })
  }
})

describe("the account emails", () => {
  it("say how long the verification link works, as the token's lifetime is set", () => {
    const message = everyKind.VerifyEmail()
    expect(message.text).toContain("The link works for 48 hours.")
    expect(message.html).toContain("The link works for 48 hours.")
  })
})

describe("the layout", () => {
  it("puts the blocks a blank line apart in the text and the sign-off last", () => {
    const message = renderEmail(brand, {
      kind: "LoginLink",
      to: "ann@example.com",
      subject: "Hi",
      blocks: [
        { text: "One", html: "<p>One</p>" },
        { text: "Two", html: "<p>Two</p>" },
      ],
      signed: true,
    })
    expect(message.text).toBe("One\n\nTwo\n\nThe Wicket & Co team")
    expect(message.html).toBe(
      [
        EMAIL_HTML_HEADER,
        "<p>One</p>",
        "<p>Two</p>",
        "<p>The Wicket &#38; Co team</p>",
        EMAIL_HTML_FOOTER,
      ].join("\n"),
    )
  })

  it("is the only place in core that writes an HTML page", () => {
    const root = fileURLToPath(new URL("..", import.meta.url))
    const pages = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.includes(".test."))
      .filter((file) => /<html|<!doctype|<body/i.test(readFileSync(join(root, file), "utf8")))
      .map((file) => relative(root, join(root, file)))
    expect(pages).toEqual(["rules/email-layout.ts"])
  })
})
