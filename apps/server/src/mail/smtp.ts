import type { MailMessage } from "@howzat/core/accounts"
import nodemailer from "nodemailer"
// The file, not the folder: Node's ESM loader (npm start runs built JavaScript) refuses folder imports.
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js"

export interface MailSender {
  readonly send: (message: MailMessage) => Promise<void>
  readonly close: () => void
}

/**
 * How long each stage of a send may wait on the mail server. A send must
 * end well inside the outbox lease (delivery.ts, 5 minutes): a send still
 * hanging when its lease runs out could be made again by another process.
 * nodemailer's own defaults allow 2 minutes to connect and 10 of silence.
 */
export const SMTP_TIMEOUTS = { connectMs: 30_000, greetingMs: 30_000, silenceMs: 60_000 }

/** SMTP through nodemailer; the URL carries host, port, TLS and credentials. */
export const smtpSender = (
  smtpUrl: string,
  from: string,
  timeouts: typeof SMTP_TIMEOUTS = SMTP_TIMEOUTS,
): MailSender => {
  // The transport itself, since createTransport ignores other options beside a url.
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.silenceMs,
    }),
  )
  return {
    send: async (message) => {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
    },
    close: () => transport.close(),
  }
}
