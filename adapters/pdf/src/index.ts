export { PdfClubDocumentsLive, pdfClubDocuments } from "./club-documents"
