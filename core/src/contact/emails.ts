import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { type ContactForm, contactMessages } from "../rules/contact.js"
import { brokenParagraph, composedBlock, paragraph, renderEmail } from "../rules/email-layout.js"

/** Header text never carries a line break, whatever reached it. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ")

/** The sender's message as they typed it: a paragraph per blank line, its line breaks kept. */
const typedMessage = (text: string) =>
  composedBlock(text, (esc) =>
    text
      .split(/\r?\n\s*\r?\n/)
      .map((p) => `<p>${esc(p).replace(/\r?\n/g, "<br>")}</p>`)
      .join("\n"),
  )

/**
 * The message as the care team reads it. The outbox has no Reply-To, so
 * the sender's address is the first thing in the body (and the back
 * office's Messages screen has a reply link).
 */
export const contactMessageEmail = (
  brand: BrandShape,
  careAddress: string,
  form: ContactForm,
  messageId: string,
): MailMessage => {
  const name = `${form.firstName} ${form.lastName}`
  const intro = `A message from the ${brand.name} contact form. Reply to`
  return renderEmail(brand, {
    kind: "ContactMessage",
    to: careAddress,
    subject: oneLine(`Contact form: ${name}`),
    blocks: [
      composedBlock(
        `${intro} ${form.email}.`,
        (esc) => `<p>${esc(intro)} <a href="mailto:${esc(form.email)}">${esc(form.email)}</a>.</p>`,
      ),
      brokenParagraph(
        [
          `From: ${name} <${form.email}>`,
          `Telephone: ${form.telephoneNumber}`,
          `Reference: ${messageId}`,
        ].join("\n"),
      ),
      typedMessage(form.message),
    ],
    // For the care team, not a customer.
    signed: false,
  })
}

/**
 * "Thank you for contacting ...": it repeats nothing the sender wrote, not
 * even the name they gave, so the form can't be used to mail anyone's
 * words to whatever address was typed in.
 */
export const contactAcknowledgementEmail = (brand: BrandShape, form: ContactForm): MailMessage =>
  renderEmail(brand, {
    kind: "ContactAcknowledgement",
    to: form.email,
    subject: contactMessages.thanks(brand.name),
    blocks: [
      paragraph("Hello,"),
      paragraph(
        `${contactMessages.thanks(brand.name)}. We have your message and ${contactMessages.replySoon.charAt(0).toLowerCase()}${contactMessages.replySoon.slice(1)}`,
      ),
      paragraph(
        "We answer from our customer-care address, so look out for a reply from us in your inbox (and, just in case, your spam folder).",
      ),
      paragraph(
        "If you did not send us a message, someone may have typed your address by mistake: you need do nothing.",
      ),
    ],
    signed: true,
  })
