import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { linkBlock, paragraph, renderEmail } from "../rules/email-layout.js"

/**
 * A customer's invitation to a friend: the link that makes the friend
 * theirs, and nothing the customer typed. It goes to an address nobody has
 * confirmed, so a name (or anything else an account holds) would let anyone
 * send a stranger their own words under the shop's name; the friend knows
 * who told them to expect it. It promises nothing the rule does not keep:
 * the reward needs £5 of tickets paid for.
 */
export const referralInvitationEmail = (brand: BrandShape, to: string, link: string): MailMessage =>
  renderEmail(brand, {
    kind: "ReferralInvitation",
    to,
    subject: `A friend invited you to ${brand.name}`,
    blocks: [
      paragraph("Hello,"),
      paragraph(
        `A friend of yours thinks you would enjoy ${brand.name}: prize competitions with live draws every Thursday.`,
      ),
      paragraph(
        "Join through this link and, once you have spent £5 on tickets, you and your friend each get £5 of site credit.",
      ),
      paragraph(
        "You were sent this because a friend typed in your address. If you would rather not join, just ignore it: we keep no list of invited addresses to market to.",
      ),
      linkBlock(link, `Join ${brand.name}`, "Join here"),
    ],
    signed: true,
  })
