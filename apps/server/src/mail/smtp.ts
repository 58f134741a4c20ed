import type { MailMessage } from "@howzat/core/accounts/model"
import nodemailer from "nodemailer"

export interface MailSender {
  readonly send: (message: MailMessage) => Promise<void>
  readonly close: () => void
}

/** SMTP through nodemailer; the URL carries host, port, TLS and credentials. */
export const smtpSender = (smtpUrl: string, from: string): MailSender => {
  const transport = nodemailer.createTransport(smtpUrl)
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
