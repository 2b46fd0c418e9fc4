// mammoth's public API flattens a document to text without its line breaks (extractRawText drops
// `w:br`), so the files service reads the document tree from mammoth's own reader (ADR 70).
declare module 'mammoth/lib/docx/docx-reader.js' {
  /** The parts of a DOCX, as mammoth asks for them. */
  export interface DocxFile {
    exists(name: string): boolean;
    read(name: string, encoding?: string): Promise<string | Uint8Array>;
  }
  /** A node of mammoth's document tree: paragraphs, runs, text, tabs, breaks, tables, notes, … */
  export interface DocxElement {
    type: string;
    value?: string;
    children?: DocxElement[];
  }
  const docxReader: {
    read(file: DocxFile): PromiseLike<{ value: DocxElement; messages: unknown[] }>;
  };
  export default docxReader;
}
