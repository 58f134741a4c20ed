import { BRAND } from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"
import { type ContactForm, contactMessages } from "../rules/contact.js"
import { escapeHtml } from "../rules/html.js"

/** Header text never carries a line break, whatever reached it. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ")

const paragraphsHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n")

const page = (body: string) =>
  [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    body,
    "</body></html>",
  ].join("\n")

/**
 * The message as the care team reads it. The outbox has no Reply-To, so
 * the sender's address is the first thing in the body (and the back
 * office's Messages screen has a reply link).
 */
export const contactMessageEmail = (
  careAddress: string,
  form: ContactForm,
  messageId: string,
): MailMessage => {
  const name = `${form.firstName} ${form.lastName}`
  const details = [
    `From: ${name} <${form.email}>`,
    `Telephone: ${form.telephoneNumber}`,
    `Reference: ${messageId}`,
  ]
  return {
    kind: "ContactMessage",
    to: careAddress,
    subject: oneLine(`Contact form: ${name}`),
    text: [
      `A message from the ${BRAND} contact form. Reply to ${form.email}.`,
      "",
      ...details,
      "",
      form.message,
    ].join("\n"),
    html: page(
      [
        `<p>A message from the ${BRAND} contact form. Reply to <a href="mailto:${escapeHtml(form.email)}">${escapeHtml(form.email)}</a>.</p>`,
        `<p>${details.map(escapeHtml).join("<br>")}</p>`,
        paragraphsHtml(form.message),
      ].join("\n"),
    ),
  }
}

/**
 * "Thank you for contacting ...": it repeats nothing the sender wrote, not
 * even the name they gave, so the form can't be used to mail anyone's
 * words to whatever address was typed in.
 */
export const contactAcknowledgementEmail = (form: ContactForm): MailMessage => {
  const paragraphs = [
    `${contactMessages.thanks(BRAND)}. We have your message and ${contactMessages.replySoon.charAt(0).toLowerCase()}${contactMessages.replySoon.slice(1)}`,
    "We answer from our customer-care address, so look out for a reply from us in your inbox (and, just in case, your spam folder).",
    "If you did not send us a message, someone may have typed your address by mistake: you need do nothing.",
  ]
  const greeting = "Hello,"
  return {
    kind: "ContactAcknowledgement",
    to: form.email,
    subject: `${contactMessages.thanks(BRAND)}`,
    text: [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), `The ${BRAND} team`].join("\n"),
    html: page(
      [
        `<p>${escapeHtml(greeting)}</p>`,
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p>The ${BRAND} team</p>`,
      ].join("\n"),
    ),
  }
}
