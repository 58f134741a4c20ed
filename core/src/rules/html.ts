/**
 * Text made safe to put inside HTML, attribute values included: the five
 * characters that could open a tag, end an attribute or start an entity
 * become numeric character references. Used for the emails' HTML parts, the
 * development mailbox page and the back office's rich-text editor.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
