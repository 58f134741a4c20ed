import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import type { Complaint } from "../ports/complaints.js"
import { complaintTimelineText } from "../rules/complaints.js"
import { brokenParagraph, renderEmail } from "../rules/email-layout.js"

/** Header text never carries a line break, whatever reached it. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ")

/**
 * The acknowledgement with the reference and our timelines. It repeats
 * nothing the sender wrote but their name and the category they chose, so
 * the form cannot be used to mail someone else's words to any address.
 */
export const complaintAcknowledgementEmail = (
  brand: BrandShape,
  complaint: Complaint,
  careAddress: string,
): MailMessage =>
  renderEmail(brand, {
    kind: "ComplaintAcknowledgement",
    to: complaint.email,
    subject: `Your complaint ${complaint.reference}`,
    blocks: [
      // Nothing the complainant typed: the address may be anyone's.
      "Hello,",
      `Thank you for telling us about your complaint (${complaint.category}). Your reference is ${complaint.reference}: please quote it whenever you contact us about it.`,
      ...complaintTimelineText,
      `You can reply to us at ${careAddress}. Our complaints policy is in our terms and conditions.`,
      "If you did not contact us, someone may have typed your address by mistake: you need do nothing.",
    ].map(brokenParagraph),
    signed: true,
  })

/** The complaint as the care team reads it. */
export const complaintReceivedEmail = (
  brand: BrandShape,
  complaint: Complaint,
  careAddress: string,
): MailMessage =>
  renderEmail(brand, {
    kind: "ComplaintReceived",
    to: careAddress,
    subject: oneLine(`Complaint ${complaint.reference}: ${complaint.category}`),
    blocks: [
      `A complaint from the ${brand.name} ${complaint.source === "Form" ? "complaints form" : "team (logged from an email)"}. Reply to ${complaint.email}.`,
      [
        `Reference: ${complaint.reference}`,
        `From: ${complaint.name} <${complaint.email}>`,
        `Category: ${complaint.category}`,
        `Order: ${complaint.orderNumber === "" ? "(none given)" : complaint.orderNumber}`,
        `Signed-in customer: ${complaint.customerId ?? "(not signed in)"}`,
      ].join("\n"),
      complaint.description,
    ].map(brokenParagraph),
    // For the care team, not a customer.
    signed: false,
  })
