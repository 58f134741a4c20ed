import { BRAND } from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"
import { escapeHtml } from "../rules/html.js"

/** To the holder of the winning ticket: what they won, with which number, and where the proof is. */
export const drawWinnerEmail = (
  to: string,
  firstName: string,
  competitionName: string,
  ticketNumber: number,
  competitionLink: string,
): MailMessage => {
  const news = `Your ticket ${ticketNumber} has won ${competitionName}.`
  const next = "We will be in touch within 48 hours to arrange your prize."
  const proof = "The draw's proof is on the competition page, so anyone can check it was fair."
  const text = [
    `Hello ${firstName},`,
    "",
    `Congratulations! ${news}`,
    "",
    next,
    proof,
    "",
    `See the draw: ${competitionLink}`,
    "",
    `The ${BRAND} team`,
  ].join("\n")
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(`Hello ${firstName},`)}</p>`,
    `<p><strong>Congratulations!</strong> ${escapeHtml(news)}</p>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p>${escapeHtml(proof)}</p>`,
    `<p><a href="${escapeHtml(competitionLink)}">See the draw</a></p>`,
    `<p>The ${BRAND} team</p>`,
    "</body></html>",
  ].join("\n")
  return { kind: "DrawWinner", to, subject: `You've won ${competitionName}!`, text, html }
}
