import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import {
  closeParagraphs,
  congratulations,
  linkBlock,
  paragraph,
  renderEmail,
} from "../rules/email-layout.js"

/** To the holder of the winning ticket: what they won, with which number, and where the proof is. */
export const drawWinnerEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  competitionName: string,
  ticketNumber: number,
  competitionLink: string,
): MailMessage =>
  renderEmail(brand, {
    kind: "DrawWinner",
    to,
    subject: `You've won ${competitionName}!`,
    blocks: [
      paragraph(`Hello ${firstName},`),
      congratulations(`Your ticket ${ticketNumber} has won ${competitionName}.`),
      closeParagraphs([
        "We will be in touch within 48 hours to arrange your prize.",
        "The draw's proof is on the competition page, so anyone can check it was fair.",
      ]),
      linkBlock(competitionLink, "See the draw"),
    ],
    signed: true,
  })
