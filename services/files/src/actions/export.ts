import { listAllFiles } from '../db/files.ts';
import type { FilesContext } from '../files-context.ts';
import { fileView } from './file-view.ts';

/**
 * The person's files for their data export (ADR 17): the list with names and descriptions
 * decrypted, types, sizes, dates and sessions; never the contents or the extracted text (the person
 * downloads a file itself from the chat).
 */
export async function exportFiles(fc: FilesContext, userId: string): Promise<Record<string, unknown>> {
  const rows = await listAllFiles(fc.service.db, userId);
  const views = await Promise.all(rows.map((row) => fileView(fc, row)));
  return {
    files: views.map((file) => ({
      id: file.id,
      name: file.name,
      type: file.type,
      file_type: file.file_type,
      size_bytes: file.size,
      session_id: file.session_id,
      description: file.description,
      uploaded_at: file.created_at,
    })),
  };
}
